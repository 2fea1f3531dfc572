/* The processes disagree on the operation of an MPI_Allreduce.
 *
 * What is wrong: the even ranks reduce with MPI_SUM, the odd ones with
 * MPI_MAX (the operation is picked from a table by the rank's parity).
 * MPI requires the same operation everywhere; the result is undefined.
 * No control flow differs, but the operation's index depends on the rank:
 * a collective-arguments warning, and the check before MPI_Allreduce
 * compares the predefined operations and stops the program:
 *   ... processes call it with different reduction operations: MPI_MAX
 *   on rank 1, MPI_SUM on rank 0
 * Alone, a process agrees with itself.
 *
 * description: MPI_Allreduce with MPI_SUM on even ranks, MPI_MAX on odd ones: warned, the check names both
 * expect-warning: 35 collective-arguments
 * expect-run: 2 stop
 * expect-run: 1 ok
 * expect-stop-message: different reduction operations: MPI_MAX on rank 1, MPI_SUM on rank 0
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank;
  double local, global;
  MPI_Op ops[2];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  ops[0] = MPI_SUM;
  ops[1] = MPI_MAX;
  local = rank + 1.0;
  /* BUG: the operation depends on the rank */
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, ops[rank % 2], MPI_COMM_WORLD);
  if (rank == 0)
    printf("result %g\n", global);
  MPI_Finalize();
  return 0;
}
