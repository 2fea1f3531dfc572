/* The rank reaches a variable through MPI_Comm_rank's output argument;
 * the size through MPI_Comm_size's.  A comparison the range of the rank
 * decides (rank >= 0, rank < size) is the same on every process. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank >= 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank < size) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank + 1 < size) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
