/* Correct: a rank-dependent collective on MPI_COMM_SELF.
 *
 * MPI_COMM_SELF holds one process, so a collective on it involves nobody
 * else and may be called by any subset of the processes.  PARCOACH does not
 * reason about communicator membership and conservatively flags the
 * MPI_Allreduce of line 25 because of the `if' of line 24; the
 * run-time check runs on MPI_COMM_SELF, where the process always agrees
 * with itself, so the program runs.
 *
 * description: rank-dependent MPI_Allreduce on MPI_COMM_SELF: conservative warning, runs fine
 * expect-warning: 25 collective-mismatch
 * expect-conditional: 24
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 1;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
