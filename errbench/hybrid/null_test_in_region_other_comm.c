/* The erroneous twin of correct/node_leaders_threadprivate.c (issue 14):
 * inside a parallel region, thread 0 tests the leaders' communicator
 * against MPI_COMM_NULL, as there, but then reduces on MPI_COMM_WORLD.
 *
 * What is wrong: the test separates the processes that are not leaders
 * (odd ranks get MPI_COMM_NULL from MPI_Comm_split with MPI_UNDEFINED),
 * and the collective under it runs on a communicator they belong to:
 * they go on to the final MPI_Barrier while the leaders call
 * MPI_Allreduce (line 35, blamed on the test at line 34).  Following the
 * shared handle through the region's temporaries does not excuse a
 * collective on another communicator.  With 2 processes the check before
 * the MPI_Allreduce stops the run; with 1 every process is a leader.
 *
 * description: FUNNELED: thread 0 tests a split communicator against MPI_COMM_NULL in a region, then calls MPI_Allreduce on MPI_COMM_WORLD: warned and stopped
 * compile-flags: -fopenmp
 * expect-warning: 35 collective-mismatch
 * expect-conditional: 34
 * expect-run: 2 stop threads=2
 * expect-run: 1 ok threads=2
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, rank;
  MPI_Comm leaders;
  double a = 1.0, b = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2 == 0 ? 0 : MPI_UNDEFINED, rank, &leaders);
#pragma omp parallel
  if (omp_get_thread_num() == 0 && leaders != MPI_COMM_NULL)
    MPI_Allreduce(&a, &b, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  printf("rank %d: %g\n", rank, b);
  if (leaders != MPI_COMM_NULL)
    MPI_Comm_free(&leaders);
  MPI_Finalize();
  return 0;
}
