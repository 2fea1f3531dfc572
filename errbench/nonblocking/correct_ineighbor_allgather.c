/* The correct twin of ineighbor_allgather_never_completed.c: the
 * MPI_Ineighbor_allgather on a periodic 1-D Cartesian communicator is
 * completed by an MPI_Test loop before its buffers are used, the
 * communicator freed after; each rank receives its left then its right
 * neighbour's rank (MPI 4.0, section 8.6: the order of the neighbours of a
 * Cartesian dimension is the negative direction first).
 *
 * description: MPI_Ineighbor_allgather on a cart communicator completed by an MPI_Test loop, result checked
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, periodic = 1, mine, neighbours[2], done = 0;
  MPI_Comm ring;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
  MPI_Comm_rank(ring, &rank);
  mine = rank;
  MPI_Ineighbor_allgather(&mine, 1, MPI_INT, neighbours, 1, MPI_INT, ring, &request);
  while (!done)
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
  if (neighbours[0] != (rank + size - 1) % size || neighbours[1] != (rank + 1) % size) {
    fprintf(stderr, "rank %d: neighbours %d %d\n", rank, neighbours[0], neighbours[1]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_free(&ring);
  MPI_Finalize();
  return 0;
}
