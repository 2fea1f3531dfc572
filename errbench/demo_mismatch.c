/* demo_mismatch.c -- the PARCOACH demonstration program (`make demo').
 *
 * What is wrong: only rank 0 calls MPI_Barrier (line 31), because of the
 * `if' at line 30.  Every process then calls MPI_Allreduce.  With two or
 * more processes, rank 0 waits in the barrier while the others wait in the
 * reduction: the program deadlocks (or MPI reports a mismatch).
 *
 * PARCOACH warns at the barrier and points at the `if'.  The run-time check
 * it inserts stops the program with MPI_Abort before the deadlock and says
 * which process was about to call what.  With one process there is nothing
 * to mismatch and the program runs to the end.
 *
 * description: rank-dependent MPI_Barrier followed by a common MPI_Allreduce
 * expect-warning: 31 collective-mismatch
 * expect-conditional: 30
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, one = 1, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  if (rank == 0)                    /* BUG: rank-dependent collective */
    MPI_Barrier(MPI_COMM_WORLD);

  /* every process counts itself */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d processes counted, %d expected\n", total, size);

  MPI_Finalize();
  return 0;
}
