/* FUNNELED multigrid-like smoother whose settings live in threadprivate
 * variables (as codes that keep a per-thread work configuration do):
 * rank 0 reads them, MPI_Bcast gives them to every process, the master
 * thread stores them in its own copies, and `parallel copyin' gives every
 * thread of the team the master's values at the region's start (OpenMP
 * 5.2, 5.7.1).  Inside the region every thread runs the same number of
 * levels and sweeps, each a worksharing loop, the master reducing the
 * residual on MPI_COMM_WORLD between two barriers; a helper of the file
 * is called in the level loop.  The loop bounds are the same in every
 * thread and on every process: nothing to warn, nothing to stop.
 *
 * description: FUNNELED: threadprivate settings broadcast, given to the team by `copyin', bounding loops of `for' constructs and master Allreduce between barriers
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 1 ok threads=4
 * expect-run: 3 ok threads=1
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 512

static int levels, sweeps;
static double weight;
#pragma omp threadprivate(levels, sweeps, weight)

static double grid[N], rhs[N];

static void restrict_rhs(double *r, int n, int level) {
  for (int i = 0; i < n; i++)
    r[i] *= 1.0 / (1.0 + level);
}

static void read_settings(int rank) {
  int settings[2] = {3, 2};
  double w = 0.8;
  if (rank == 0) {
    const char *text = getenv("SMOOTH_SWEEPS");
    if (text && atoi(text) > 0)
      settings[1] = atoi(text);
  }
  MPI_Bcast(settings, 2, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&w, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  levels = settings[0];
  sweeps = settings[1];
  weight = w;
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  read_settings(rank);
  for (int i = 0; i < N; i++) {
    grid[i] = 0.0;
    rhs[i] = 1.0;
  }
  double residual = 0.0;
  int passes = 0, team = 0;
#pragma omp parallel copyin(levels, sweeps, weight) shared(residual, team) reduction(+ : passes)
  {
#pragma omp single
    team = omp_get_num_threads();
    for (int level = 0; level < levels; level++) {
      for (int s = 0; s < sweeps; s++) {
#pragma omp for
        for (int i = 1; i < N - 1; i++)
          grid[i] += weight * (rhs[i] - grid[i]);
        passes++;
      }
#pragma omp master
      {
        double local = 0.0;
        for (int i = 0; i < N; i++)
          local += rhs[i] - grid[i];
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        restrict_rhs(rhs, N, level);
      }
#pragma omp barrier
    }
  }
  if (passes != levels * sweeps * team)
    MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0)
    printf("residual %g after %d levels\n", residual, levels);
  MPI_Finalize();
  return 0;
}
