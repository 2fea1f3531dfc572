/* A rank-dependent branch with a different collective on each side.
 *
 * What is wrong: the root broadcasts while the other ranks reduce.  MPI
 * matches collectives by order on the communicator, not by name: an
 * MPI_Bcast never matches an MPI_Reduce, the program deadlocks or fails.
 *
 * Both collectives are the first of their function (order 0) and each is
 * on one branch only of the `if' of line 23: both are flagged, as one
 * cause, in one warning at the MPI_Bcast whose path names both sides.
 *
 * description: root calls MPI_Bcast while the other ranks call MPI_Reduce
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 23
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int share(int rank, int value)
{
  int result = 0;

  if (rank == 0)
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  else  /* BUG: should be the same MPI_Bcast */
    MPI_Reduce(&value, &result, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  return value + result;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  share(rank, 42);
  MPI_Finalize();
  return 0;
}
