/* An MPI_Ineighbor_allgather on a Cartesian communicator whose request is
 * never completed.
 *
 * What is wrong: every rank starts an MPI_Ineighbor_allgather on a
 * periodic 1-D Cartesian communicator (line 29) and calls MPI_Finalize
 * without completing the request (MPI
 * 4.0, sections 3.7.3 and 11.2.2).  At run time every rank stops in
 * MPI_Finalize, naming the MPI_Ineighbor_allgather.
 *
 * description: MPI_Ineighbor_allgather on a cart communicator never completed before MPI_Finalize
 * expect-warning: 29 request
 * expect-run: 2 stop
 * expect-run: 3 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, periodic = 1, mine, neighbours[2];
  MPI_Comm ring;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Cart_create(MPI_COMM_WORLD, 1, &size, &periodic, 0, &ring);
  MPI_Comm_rank(ring, &rank);
  mine = rank;
  /* one value from the left neighbour, one from the right */
  MPI_Ineighbor_allgather(&mine, 1, MPI_INT, neighbours, 1, MPI_INT, ring, &request); /* BUG */
  MPI_Finalize();
  return 0;
}
