/* Correct: tests of a communicator against MPI_COMM_NULL only separate the
 * processes that are not its members.  Ranks 0 and 1 get a communicator
 * from MPI_Comm_split, the others MPI_UNDEFINED and so MPI_COMM_NULL: the
 * collectives on `sub' under `if (sub != MPI_COMM_NULL)', or after
 * `if (sub == MPI_COMM_NULL) return;', are called by every member of
 * `sub'.  MPI_Comm_free(&sub) sets `sub' to MPI_COMM_NULL on the members.
 * No warning, no check; MPI_Finalize is reached by everybody.
 *
 * description: MPI_Comm_split with MPI_UNDEFINED, collectives on the new communicator under `sub != MPI_COMM_NULL' and after an early return on `sub == MPI_COMM_NULL': silent, runs fine
 * expect-run: 3 ok
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int pair_sum(int rank)
{
  MPI_Comm sub;
  int sum = -1;

  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub != MPI_COMM_NULL) {
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
    MPI_Comm_free(&sub);
  }
  return sum;
}

static void pair_barrier(int rank)
{
  MPI_Comm sub;

  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub == MPI_COMM_NULL)
    return;
  MPI_Barrier(sub);
  MPI_Comm_free(&sub);
}

int main(int argc, char **argv)
{
  int rank, sum;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sum = pair_sum(rank);
  pair_barrier(rank);
  if (rank < 2)
    printf("rank %d: sum of ranks 0 and 1 = %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
