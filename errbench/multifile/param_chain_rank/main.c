#include <mpi.h>
void outer(MPI_Comm comm, int n);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  outer(MPI_COMM_WORLD, rank);
  MPI_Finalize();
  return 0;
}
