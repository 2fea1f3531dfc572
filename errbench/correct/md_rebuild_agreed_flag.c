/* miniMD-like time loop in one parallel region, MPI_THREAD_FUNNELED
 * (issue 14).  Every `every' steps the master asks all processes whether
 * any particle moved too far (MPI_Allreduce with MPI_LOR of a flag the
 * team merged with a `reduction(|)' of an `omp for schedule(dynamic)
 * nowait' loop, after an explicit barrier), and after a barrier the team
 * rebuilds its neighbour bins (two `omp for') when the agreed flag says
 * so.  The flag is shared, written only by the master's MPI_Allreduce
 * between two barriers, read by every thread before the next write with
 * a barrier in between: the same in every thread and every process.  The
 * step count comes from a broadcast, bad parameters are agreed with
 * MPI_LOR before the early return.  The energy is checked.
 *
 * Before the fix: omp-collective warning at the rebuild's `omp for',
 * blamed on `if (agreed)': a variable written by a call in a master
 * region (control-dependent on the thread number) was never checked
 * against the barrier phases, and the reduction merges of `need' through
 * a pointer loaded from the region's record were taken to touch it.
 *
 * description: FUNNELED: master MPI_Allreduce(MPI_LOR) of a reduced flag between barriers, then if (agreed) around omp for in the same region; broadcast step counts
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NP 2048

static double pos[NP], vel[NP], moved[NP];
static int bins[64];

static int simulate(MPI_Comm comm, int steps, int every)
{
  int rank, rebuilds = 0, need = 0, agreed = 0;
  double energy = 0.0, local_energy = 0.0;
  MPI_Comm_rank(comm, &rank);
#pragma omp parallel shared(need, agreed, rebuilds, energy, local_energy)
  {
    for (int s = 0; s < steps; s++) {
#pragma omp for schedule(dynamic, 128) reduction(| : need) nowait
      for (int i = 0; i < NP; i++) {
        pos[i] += 0.01 * vel[i];
        moved[i] += fabs(0.01 * vel[i]);
        need |= moved[i] > 0.05;
      }
#pragma omp barrier
      if (s % every == every - 1) {
#pragma omp master
        {
          MPI_Allreduce(&need, &agreed, 1, MPI_INT, MPI_LOR, comm);
          need = 0;
        }
#pragma omp barrier
        if (agreed) {
#pragma omp for
          for (int b = 0; b < 64; b++)
            bins[b] = 0;
#pragma omp for
          for (int i = 0; i < NP; i++) {
            int b = ((int)(fabs(pos[i]) * 64)) % 64;
#pragma omp atomic
            bins[b]++;
            moved[i] = 0.0;
          }
#pragma omp master
          rebuilds++;
        }
      }
    }
#pragma omp for reduction(+ : local_energy)
    for (int i = 0; i < NP; i++)
      local_energy += 0.5 * vel[i] * vel[i];
#pragma omp master
    MPI_Reduce(&local_energy, &energy, 1, MPI_DOUBLE, MPI_SUM, 0, comm);
  }
  if (rank == 0) {
    int size;
    double expected = 0.0;
    MPI_Comm_size(comm, &size);
    for (int r = 0; r < size; r++)
      for (int i = 0; i < NP; i++) {
        double v = ((i * 7 + r) % 13) - 6.0;
        expected += 0.5 * v * v;
      }
    printf("md: %d rebuilds, energy %g\n", rebuilds, energy);
    if (fabs(energy - expected) > 1e-6 * expected || rebuilds < 1)
      MPI_Abort(comm, 3);
  }
  return rebuilds;
}

int main(int argc, char **argv)
{
  int provided, rank, params[2] = {0, 0}, bad, any_bad;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    params[0] = argc > 1 ? atoi(argv[1]) : 30;
    params[1] = argc > 2 ? atoi(argv[2]) : 5;
  }
  MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
  bad = params[0] <= 0 || params[1] <= 0;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (any_bad) {
    MPI_Finalize();
    return 1;
  }
  for (int i = 0; i < NP; i++) {
    pos[i] = (double)(i + rank) / NP;
    vel[i] = ((i * 7 + rank) % 13) - 6.0;
  }
  simulate(MPI_COMM_WORLD, params[0], params[1]);
  MPI_Finalize();
  return 0;
}
