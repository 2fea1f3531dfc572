/* A collective on a sub-communicator, called only by the processes of that
 * sub-communicator: correct.
 *
 * MPI_COMM_WORLD is split by colour (rank % 2); only the processes of
 * colour 0 call MPI_Allreduce, on their own sub-communicator, so every
 * member of that communicator calls it.  MPI_Comm_split and MPI_Comm_free
 * are called by everybody.
 *
 * PARCOACH does not know which processes belong to `sub' (it assumes the
 * communicators of a function's collectives are the same), so it
 * conservatively flags the MPI_Allreduce of line 34 because of the `if' of
 * line 33.  MPI_Comm_split (order 0) and MPI_Comm_free (maximal order 2)
 * are called on every path and are not flagged.  The run-time check of the
 * allreduce runs on `sub' and finds every member agreeing: the program runs
 * to the end.
 *
 * description: MPI_Comm_split by colour, MPI_Allreduce on the sub-communicator by one colour only: correct, conservative warning
 * expect-warning: 34 collective-mismatch
 * expect-conditional: 33
 * expect-run: 4 ok
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int colour_sum(int rank)
{
  MPI_Comm sub;
  int colour = rank % 2, sum = -1;

  MPI_Comm_split(MPI_COMM_WORLD, colour, rank, &sub);
  if (colour == 0)
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
  MPI_Comm_free(&sub);
  return sum;
}

int main(int argc, char **argv)
{
  int rank, sum;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sum = colour_sum(rank);
  if (rank % 2 == 0)
    printf("rank %d: sum of the even ranks = %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
