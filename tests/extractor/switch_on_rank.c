/* A switch (GIMPLE_SWITCH, not a two-way conditional) on the rank, and one
 * on the size. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  switch (rank) { /* value-flow: rank */
  case 0:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  case 1:
    break;
  default:
    break;
  }
  switch (size) { /* value-flow: uniform */
  case 2:
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  default:
    break;
  }
  MPI_Finalize();
  return 0;
}
