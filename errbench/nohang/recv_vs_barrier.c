/* A receive against a barrier: rank 0 waits for a message that rank 1
 * never sends, rank 1 waits in MPI_Barrier.
 *
 * What is wrong: only the processes other than rank 0 call the barrier
 * (warned, conditional of line 27); rank 0 blocks in MPI_Recv and the
 * others in the check before MPI_Barrier, which waits for rank 0's check.
 * Nothing completes: the hang detector stops the run after its timeout,
 *   PARCOACH: rank 0 of MPI_COMM_WORLD waits in MPI_Recv at
 *   recv_vs_barrier.c:28 in function main
 *   PARCOACH: rank 1 of MPI_COMM_WORLD waits in the check before
 *   MPI_Barrier on MPI_COMM_WORLD at recv_vs_barrier.c:30 in function main
 *
 * description: MPI_Recv on rank 0 against MPI_Barrier elsewhere: stopped with each rank's pending call
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 27
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 3 stop PARCOACH_HANG_TIMEOUT=3
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
