/* A value copied byte-wise by memcpy keeps what its source holds: a copy of
 * a known size (which the front end may turn into an assignment), and one
 * of a size known only at run time (a call of the library's memcpy). */
#include <mpi.h>
#include <string.h>

int main(int argc, char **argv) {
  int rank, size, rank_copy, size_copy, i, n;
  int ranks[4], sizes[4], rank_copies[4], size_copies[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  memcpy(&rank_copy, &rank, sizeof rank);
  memcpy(&size_copy, &size, sizeof size);
  if (rank_copy == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size_copy > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  n = 4;
  if (size < n) /* value-flow: uniform */
    n = size;
  for (i = 0; i < 4; i++) { /* value-flow: uniform */
    ranks[i] = rank;
    sizes[i] = size;
  }
  memcpy(rank_copies, ranks, n * sizeof *ranks);
  memcpy(size_copies, sizes, n * sizeof *sizes);
  if (rank_copies[0] == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size_copies[0] > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
