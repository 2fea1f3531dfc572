/* The reduction operation of an MPI_Reduce is chosen by a test of the rank.
 *
 * What is wrong: the even ranks reduce with MPI_SUM, the odd ones with
 * MPI_MAX.  MPI requires every process to give the same op (and root,
 * count, datatype) to MPI_Reduce; MPICH computes something undefined
 * without a word.  The operation is assigned on both sides of `if (rank %
 * 2)', so its value depends on that conditional, which depends on the
 * rank: a collective-arguments warning at the call, and its check, live
 * though the function has no mismatch of order, stops the run before the
 * reduction, naming the operations.
 *
 * description: MPI_Reduce whose op is chosen by a rank test: warned at the call, stopped naming both operations
 * expect-warning: 35 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: different reduction operations: MPI_MAX on rank 1, MPI_SUM on rank
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, local, result = 0;
  MPI_Op op;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  local = rank + 1;
  if (rank % 2)
    op = MPI_MAX;
  else
    op = MPI_SUM;
  /* BUG: op differs between even and odd ranks */
  MPI_Reduce(&local, &result, 1, MPI_INT,
             op, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("result %d\n", result);
  MPI_Finalize();
  return 0;
}
