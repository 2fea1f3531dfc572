/* A probe against a broadcast: rank 0 waits in MPI_Probe for a message
 * while the others broadcast.
 *
 * What is wrong: nobody sends to rank 0 and rank 0 never joins the
 * broadcast.  Warned (conditional of line 26); rank 0 blocks in MPI_Probe
 * and the others in the check before MPI_Bcast: the hang detector stops
 * the run naming both calls.
 *
 * description: MPI_Probe on rank 0 against MPI_Bcast elsewhere: stopped with each rank's pending call
 * expect-warning: 29 collective-mismatch
 * expect-conditional: 26
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 3 stop PARCOACH_HANG_TIMEOUT=3
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 0;
  MPI_Status status;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank;
  /* BUG: rank 0 waits for a message instead of joining the broadcast.  */
  if (rank == 0)
    MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
  else
    MPI_Bcast(&x, 1, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
