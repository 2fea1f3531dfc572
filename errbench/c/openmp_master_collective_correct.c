/* Correct MPI + OpenMP: inside a parallel region, the master thread of
 * every process calls MPI_Allreduce (MPI_THREAD_FUNNELED).  OpenMP lowering
 * turns `master' into a test on the thread number, and `single' into a
 * test on GOMP_single_start (): these conditionals select threads, not
 * processes, and must never be reported.  Every process calls each
 * collective once: no warning.
 *
 * description: MPI + OpenMP: collectives in master and single regions of every process: silent
 * compile-flags: -fopenmp
 * expect-run: 2 ok
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

double total(int rank)
{
  double local = rank + 1.0, sum = 0.0;
  int count = 0;

#pragma omp parallel num_threads(2)
  {
#pragma omp master
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
#pragma omp single
    MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  return sum + count;
}

int main(int argc, char **argv)
{
  int rank, provided;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: %g\n", rank, total(rank));
  MPI_Finalize();
  return 0;
}
