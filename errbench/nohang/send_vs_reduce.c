/* A send against a reduction: rank 0 sends to rank 1 with MPI_Ssend while
 * the others call MPI_Reduce.
 *
 * What is wrong: rank 1 never posts the receive, so rank 0's synchronous
 * send never completes, and the reduction waits for rank 0.  Warned
 * (conditional of line 29); rank 0 blocks in MPI_Ssend, the others in
 * the check before MPI_Reduce: the hang detector stops the run naming
 * both calls.
 *
 * description: MPI_Ssend on rank 0 against MPI_Reduce elsewhere: stopped with each rank's pending call
 * expect-warning: 32 collective-mismatch
 * expect-conditional: 29
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 3 stop PARCOACH_HANG_TIMEOUT=3
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 1, sum = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* The reduction on every process first: the program is correct up to
     here.  */
  MPI_Reduce(&x, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  x = sum;
  /* BUG: rank 0 sends instead of taking part in the second reduction.  */
  if (rank == 0)
    MPI_Ssend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(&x, &sum, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
