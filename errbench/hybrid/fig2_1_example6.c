/* Thesis figure 2.1, Example 6: point-to-point calls in a master region
 * (word PM): MPI_THREAD_FUNNELED is enough.  The same code asked for
 * MPI_THREAD_SINGLE: see fig2_1_example6_single.c.
 *
 * description: thesis fig. 2.1 example 6: MPI_Recv/MPI_Send in a master region, FUNNELED
 * compile-flags: -fopenmp
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
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank, 1, &value);
  MPI_Finalize();
  return 0;
}
