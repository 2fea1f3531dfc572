/* Pure MPI, MBI style: the colour expression given to MPI_Comm_split is
 * computed again in the tests (`rank % 2', `rank / k').  Processes with the
 * same colour are the members of one communicator and compute the same
 * test outcome, so each collective on `half' or `block' is called by all
 * of its members.  Nothing to warn, nothing to stop.
 *
 * description: pure MPI: MPI_Comm_split(world, rank % 2) then if (rank % 2 == 0), if (rank % 2), if (rank % 2 == 1) else, and rank / k, with collectives on the split communicator
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, buf = 0, k = 2;
  MPI_Comm half, block;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  if (rank % 2 == 0)
    MPI_Bcast(&buf, 1, MPI_INT, 0, half);
  if (rank % 2)
    MPI_Barrier(half);
  if (rank % 2 == 1)
    MPI_Barrier(half);
  else
    MPI_Bcast(&buf, 1, MPI_INT, 0, half);
  MPI_Comm_split(MPI_COMM_WORLD, rank / k, rank, &block);
  if (rank / k == 0)
    MPI_Barrier(block);
  MPI_Comm_free(&block);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
