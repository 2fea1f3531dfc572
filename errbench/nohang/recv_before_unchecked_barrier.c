/* A receive against a barrier that no check guards: every process calls
 * MPI_Barrier once, but rank 0 first waits for a message that rank 1
 * sends only after the barrier.
 *
 * What is wrong: rank 0 blocks in MPI_Recv, rank 1 in MPI_Barrier, which
 * needs rank 0: a deadlock (MPI-4.0 section 6.14: a collective may
 * synchronise, so a correct program must not send only after it what
 * another process waits for before it).  Every path calls the same
 * collectives in the same order, so nothing is warned and the barrier's
 * check stays dormant; the runtime's wrapper of MPI_Barrier tells the
 * hang detector where rank 1 waits (the line of the dormant check it
 * skipped right before), which stops the run after its timeout:
 *   PARCOACH: rank 0 of MPI_COMM_WORLD waits in MPI_Recv at
 *   recv_before_unchecked_barrier.c:39 in function main
 *   PARCOACH: rank 1 of MPI_COMM_WORLD waits in MPI_Barrier on
 *   MPI_COMM_WORLD at recv_before_unchecked_barrier.c:41 in function main
 *
 * description: MPI_Recv on rank 0 before a barrier, the matching send after it on rank 1: nothing to warn, stopped by the hang detector
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 3 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 1 ok
 * expect-stop-message: MPI_Barrier on MPI_COMM_WORLD at /
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, x = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
  }
  if (rank == 0)
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  /* BUG: rank 1 sends only after the barrier rank 0 has not reached */
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1)
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
