/* A collective on a sub-communicator, called only by the processes of that
 * sub-communicator: correct.
 *
 * MPI_COMM_WORLD is split by colour (rank % 2); only the processes of
 * colour 0 call MPI_Allreduce, on their own sub-communicator, so every
 * member of that communicator calls it.  MPI_Comm_split and MPI_Comm_free
 * are called by everybody.
 *
 * Every member of `sub' passed the same colour to MPI_Comm_split, so the
 * test `colour == 0' of line 33 goes the same way on all of them: it only
 * separates processes of different communicators, and is not blamed for
 * the MPI_Allreduce of line 34 on `sub' (issue 14, the membership rule).
 * Nothing to warn; the program runs to the end.
 *
 * description: MPI_Comm_split by colour, MPI_Allreduce on the sub-communicator by one colour only: correct, silent
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
