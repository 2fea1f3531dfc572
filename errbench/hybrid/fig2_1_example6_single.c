/* Thesis figure 2.1, Example 6 with MPI_Init (MPI_THREAD_SINGLE): the calls
 * in the master region need MPI_THREAD_FUNNELED: a warning at each, and
 * one at MPI_Init.  The run is clean (compile-time finding only).
 *
 * description: thesis fig. 2.1 example 6 with MPI_Init: master-region calls need FUNNELED
 * compile-flags: -fopenmp
 * expect-warning: 23 thread-level
 * expect-warning: 25 thread-level
 * expect-warning: 34 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>

void f(int rank, int enabled, int *value)
{
  if (enabled) {
#pragma omp parallel
    {
#pragma omp master
      {
        if (rank == 1)
          MPI_Recv(value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else
          MPI_Send(value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      }
    }
  }
}

int main(int argc, char **argv)
{
  int rank, provided, value = 7;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank, 1, &value);
  MPI_Finalize();
  return 0;
}
