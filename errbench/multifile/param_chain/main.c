#include <mpi.h>
void outer(MPI_Comm comm, int n);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  outer(MPI_COMM_WORLD, 1);
  MPI_Finalize();
  return 0;
}
