/* exit() on some ranks only: unlike MPI_Abort, exit() ends one process,
 * not the job, so a branch calling exit() is a divergence like a return.
 *
 * What is wrong: rank 1 "gives up" with exit(), the others go on to
 * MPI_Barrier, which is flagged because of the `if' of line 21.  The
 * run-time check placed before the exit() call (a process leaving the
 * function) meets the check before the barrier: the program stops.
 *
 * description: rank 1 calls exit() before an MPI_Barrier the others call
 * expect-warning: 25 collective-mismatch
 * expect-conditional: 21
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

void work(int rank)
{
  if (rank == 1) {
    fprintf(stderr, "rank %d: giving up\n", rank);
    exit(1);  /* BUG: the other processes wait for rank 1 in the barrier */
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  work(rank);
  MPI_Finalize();
  return 0;
}
