/* Correct: a rank-dependent collective on MPI_COMM_SELF.
 *
 * MPI_COMM_SELF holds one process, so a collective on it involves nobody
 * else and may be called by any subset of the processes.  A collective
 * whose communicator argument is MPI_COMM_SELF leaves no member out under
 * any test (communicator_membership.h, holds_calling_process_alone): the
 * MPI_Allreduce of line 23 under the `if' of line 22 is not warned, and
 * the program runs.
 *
 * description: rank-dependent MPI_Allreduce on MPI_COMM_SELF: silent, runs fine
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
