/* Twin of correct/omp_copyprivate_masked_queries.c: two private sweep
 * counts set in one `single', only `sweeps' named in copyprivate.  The
 * other threads keep their own `extra' (0): the thread that ran the single
 * meets the barrier of the second loop alone, and the team deadlocks.
 * Warned at that barrier (the `sweeps' loop is not); with 3 threads the
 * run stops.
 *
 * description: OpenMP: loop bound set in `single' without copyprivate (another variable of the same single is copied)
 * compile-flags: -fopenmp
 * expect-warning: 33 omp-collective
 * expect-conditional: 32
 * expect-run: 1 stop threads=3
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel
  {
    int sweeps = 0, extra = 0;
#pragma omp single copyprivate(sweeps)
    {
      sweeps = 2;
      extra = 1;
    }
    for (int s = 0; s < sweeps; s++) {
#pragma omp barrier
    }
    for (int s = 0; s < extra; s++) {
#pragma omp barrier
    }
  }
  if (rank == 0)
    printf("done\n");
  MPI_Finalize();
  return 0;
}
