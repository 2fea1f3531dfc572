/* Hybrid, FUNNELED: a parallel region whose conditions read globals the
 * region never writes.  `scheme' (defined here, so other files could
 * write it, but not while the team runs: the region and the functions it
 * calls never store it, and another thread storing it now would race with
 * these reads) and `smooth_passes' (set before the region from a value
 * rank 0 broadcasts) are shared: every thread of the team reads the same
 * values, takes the same branches and meets the same `omp for' loops and
 * barriers.  The region writes only the double arrays.  Then the master
 * thread reduces the sum.  Nothing to warn, nothing to stop.
 *
 * description: OpenMP region whose conditions read shared globals (one public, one broadcast before the region) it never writes, FUNNELED
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>

#define CELLS 1024

int scheme = 1;
static int smooth_passes;
static double u[CELLS], v[CELLS];

static void relax(void)
{
#pragma omp parallel
  {
    int pass;
    if (scheme == 1) {
#pragma omp for
      for (int i = 0; i < CELLS; i++)
        u[i] = i % 7;
    }
    for (pass = 0; pass < smooth_passes; pass++) {
#pragma omp for
      for (int i = 1; i < CELLS - 1; i++)
        v[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
#pragma omp for
      for (int i = 1; i < CELLS - 1; i++)
        u[i] = v[i];
    }
  }
}

int main(int argc, char **argv)
{
  int provided, rank, passes = 0;
  double local = 0, total = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    passes = 3;
  MPI_Bcast(&passes, 1, MPI_INT, 0, MPI_COMM_WORLD);
  smooth_passes = passes;
  relax();
  for (int i = 0; i < CELLS; i++)
    local += u[i];
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (total <= 0)
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
