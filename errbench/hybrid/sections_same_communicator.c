/* The erroneous twin of per_thread_communicators.c: the two sections
 * reduce on the same duplicated communicator at the same time, in an
 * order that depends on which thread gets which section.  Collectives on
 * one communicator must be called in one order on every process: warned,
 * and with two threads or more the run stops (the first section waits, so
 * that another thread runs the second one meanwhile).
 *
 * description: two sections on one duplicated communicator: erroneous
 * compile-flags: -fopenmp
 * expect-warning: 39 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, a = 1, b = 2, sum_a = 0, sum_b = 0;
  MPI_Comm shared_dup;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_dup(MPI_COMM_WORLD, &shared_dup);
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      {
        usleep(200000);
        MPI_Allreduce(&a, &sum_a, 1, MPI_INT, MPI_SUM, shared_dup);
      }
#pragma omp section
      {
        usleep(100000);
        MPI_Allreduce(&b, &sum_b, 1, MPI_INT, MPI_SUM, shared_dup);
      }
    }
  }
  printf("%d %d\n", sum_a, sum_b);
  MPI_Comm_free(&shared_dup);
  MPI_Finalize();
  return 0;
}
