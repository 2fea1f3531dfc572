/* A collective on a sub-communicator that only some of its members call.
 *
 * What is wrong: MPI_COMM_WORLD is split by rank % 2, so with 4 processes
 * the sub-communicators are {0, 2} and {1, 3}.  Only ranks 0 and 1 call
 * MPI_Allreduce on their sub-communicator: ranks 2 and 3 skip it and
 * go on to MPI_Comm_free, a collective on the same sub-communicator.
 * Flagged because of the `if' of line 25; at run time the check before
 * MPI_Allreduce on rank 0 meets the check before MPI_Comm_free on rank 2
 * (on their common sub-communicator): the program stops.
 *
 * description: MPI_Allreduce on a sub-communicator that only some of its members call
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 25
 * expect-run: 4 stop
 * expect-run: 2 ok
 */
#include <mpi.h>

int partial_sum(int rank)
{
  MPI_Comm sub;
  int sum = -1;

  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
  if (rank < 2)  /* BUG: should be a condition on the colour */
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
  MPI_Comm_free(&sub);
  return sum;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  partial_sum(rank);
  MPI_Finalize();
  return 0;
}
