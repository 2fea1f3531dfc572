/* Value flow, source: the rank in a duplicated communicator.
 *
 * What is wrong: `me' comes from MPI_Comm_rank on a communicator made by
 * MPI_Comm_dup (any communicator gives ranks that differ between
 * processes); a static helper turns it into `leader', and only rank 0
 * calls the barrier, while every process then calls the allreduce.
 * The size of the duplicate is the same everywhere: the test on it
 * (line 33) is not blamed.
 *
 * description: value flow: MPI_Comm_rank on an MPI_Comm_dup communicator, copied, guards a barrier: warning, stops
 * expect-warning: 35 collective-mismatch
 * expect-conditional: 34
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

static int is_leader(int rank)
{
  return rank == 0;
}

int main(int argc, char **argv)
{
  MPI_Comm dup;
  int me, size, leader, one = 1, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_rank(dup, &me);
  MPI_Comm_size(dup, &size);
  leader = is_leader(me);
  if (size > 0) {
    if (leader)
      MPI_Barrier(dup); /* BUG: rank 0 only */
  }
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, dup);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
