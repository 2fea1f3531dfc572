/* Robustness: link-time optimisation, file 1 of 2 (main). */
#include <mpi.h>

int step(int rank, MPI_Comm comm);
int helper_loop(int n, MPI_Comm comm);

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank > 100)
    MPI_Barrier(MPI_COMM_WORLD);
  step(rank, MPI_COMM_WORLD);
  helper_loop(3, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
