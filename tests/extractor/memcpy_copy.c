/* A value copied byte-wise by memcpy keeps what its source holds. */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
  int rank, size, rank_copy, size_copy;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  memcpy(&rank_copy, &rank, sizeof rank);
  memcpy(&size_copy, &size, sizeof size);
  if (rank_copy == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size_copy > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
