/* Value flow, source: a communicator made by MPI_Comm_split.
 *
 * What is wrong: MPI_COMM_WORLD is split by parity; the size of each half
 * is the same within the half but not across MPI_COMM_WORLD (with 3
 * processes: 2 for the even ranks, 1 for rank 1).  Only the processes of a
 * half bigger than one call the barrier on MPI_COMM_WORLD.  MPI_Comm_size
 * is uniform only where its communicator is.
 *
 * description: value flow: the size of an MPI_Comm_split communicator guards a world barrier: warning, stops with 3
 * expect-warning: 32 collective-mismatch
 * expect-conditional: 31
 * expect-run: 3 stop
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Comm half;
  int rank, half_size, one = 1, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_size(half, &half_size);
  /* the same on every process of `half', not on every process of the
   * world */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, half);
  total = 0;
  if (half_size > 1)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: not on the 1-process half */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
