/* OpenMP idioms whose values are the same in every thread of the team:
 *   - a sweep count read from the environment by one thread and given to
 *     all by `single copyprivate' (OpenMP 5.2, 15.5.2), then used as the
 *     bound of a loop of worksharing constructs;
 *   - a flag set in `masked' (thread 0, as master), published by the
 *     barrier that follows, then tested before a barrier;
 *   - a helper that synchronises only when called from an active team
 *     (omp_in_parallel, omp_get_level: the same in every thread of a
 *     team), called inside and outside the region.
 * The processes of the job run the same code: the sweep count may differ
 * between them, which no MPI call depends on.  Nothing to warn, nothing
 * to stop.
 *
 * description: OpenMP: loop bound from `single copyprivate', flag from `masked' then barrier, barriers guarded by omp_in_parallel/omp_get_level: silent, runs clean
 * compile-flags: -fopenmp
 * requires-gcc: 12
 * expect-run: 2 ok threads=3
 * expect-run: 1 ok threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double field[256];

static void synchronise_team(void) {
  if (omp_in_parallel() && omp_get_level() == 1) {
#pragma omp barrier
  }
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int refine = 0;
#pragma omp parallel shared(refine)
  {
    int sweeps;
#pragma omp single copyprivate(sweeps)
    {
      const char *text = getenv("SWEEPS");
      sweeps = text ? atoi(text) : 3;
    }
    for (int s = 0; s < sweeps; s++) {
#pragma omp for
      for (int i = 0; i < 256; i++)
        field[i] += 0.5 * s;
    }
#pragma omp masked
    refine = field[7] > 1.0;
#pragma omp barrier
    if (refine) {
#pragma omp for
      for (int i = 0; i < 256; i++)
        field[i] *= 0.5;
    }
    synchronise_team();
  }
  synchronise_team();
  double total = 0.0;
  for (int i = 0; i < 256; i++)
    total += field[i];
  MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
