/* FUNNELED block solver: one thread reads the block count in `single'
 * (its barrier publishes it), then each step one thread creates a task
 * per block in `single' (the single's barrier waits for the tasks), the
 * master reduces the blocks' residuals on MPI_COMM_WORLD into a shared
 * `done' flag, and after a barrier every thread leaves the step loop on
 * the flag.  The tasks write only their own block's residual, in the
 * phase where they were created; the block count and the flag are
 * written in other phases than the ones where threads read them, so each
 * is the same in every thread.  Nothing to warn, nothing to stop.
 *
 * description: FUNNELED: tasks per block created in `single', block count from `single', master Allreduce into a shared flag read after a barrier
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_BLOCKS 16
#define BLOCK 32

static double values[MAX_BLOCKS][BLOCK];
static double block_residual[MAX_BLOCKS];

static double relax_block(double *v, int n) {
  double change = 0.0;
  for (int i = 1; i < n - 1; i++) {
    double updated = 0.5 * (v[i - 1] + v[i + 1]);
    change += updated > v[i] ? updated - v[i] : v[i] - updated;
    v[i] = updated;
  }
  return change;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int b = 0; b < MAX_BLOCKS; b++)
    for (int i = 0; i < BLOCK; i++)
      values[b][i] = (i == 0 || i == BLOCK - 1) ? 1.0 : 0.0;
  int nblocks = 0, done = 0, steps = 0;
#pragma omp parallel shared(nblocks, done, steps)
  {
#pragma omp single
    {
      const char *text = getenv("SOLVER_BLOCKS");
      nblocks = text && atoi(text) > 0 && atoi(text) <= MAX_BLOCKS ? atoi(text) : 8;
    }
    for (int step = 0; step < 10000; step++) {
#pragma omp single
      for (int b = 0; b < nblocks; b++) {
#pragma omp task firstprivate(b)
        block_residual[b] = relax_block(values[b], BLOCK);
      }
#pragma omp master
      {
        double local = 0.0, global = 0.0;
        for (int b = 0; b < nblocks; b++)
          local += block_residual[b];
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        done = global < 1e-3;
        steps = step + 1;
      }
#pragma omp barrier
      if (done)
        break;
    }
  }
  if (!done || steps < 2)
    MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0)
    printf("converged after %d steps\n", steps);
  MPI_Finalize();
  return 0;
}
