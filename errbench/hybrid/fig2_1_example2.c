/* Thesis figure 2.1, Example 2: the MPI calls come after the parallel
 * region (empty word): MPI_Init, that is MPI_THREAD_SINGLE, is enough.
 *
 * description: thesis fig. 2.1 example 2: MPI_Send after the parallel region, SINGLE is enough
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>

void f(int rank, int *value)
{
#pragma omp parallel
  {
    *value = 42;
  }
  if (rank == 0)
    MPI_Send(value, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else if (rank == 1)
    MPI_Recv(value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
  int rank, value = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank, &value);
  MPI_Finalize();
  return 0;
}
