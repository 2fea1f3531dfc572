/* The erroneous twin of correct/rank_size_guards.c: rank and size of a
 * communicator parameter compared with offsets that the range [0, size)
 * does not decide, and a rank compared with the size of another
 * communicator.
 *
 * What is wrong: `rank < size - 1' is false on the last rank, which skips
 * the MPI_Barrier of line 32.  `rank < half_size' compares the rank in
 * `comm' with the size of `half' (the even ranks of `comm'): false on the
 * upper ranks, which skip the MPI_Allreduce of line 34.  Both conditions
 * are blamed; the run-time check stops the program at the first
 * disagreement.  (The same function called with a communicator of one
 * process runs both collectives on every process: 1 process is fine.)
 *
 * description: twin of correct/rank_size_guards.c: rank < size - 1 on a communicator parameter, rank against another communicator's size: warned, stops
 * expect-warning: 32 collective-mismatch
 * expect-warning: 34 collective-mismatch
 * expect-conditional: 31
 * expect-conditional: 33
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

static int guarded(MPI_Comm comm, MPI_Comm half)
{
  int rank, size, half_size, sum = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm_size(half, &half_size);
  if (rank < size - 1)  /* BUG: false on the last rank */
    MPI_Barrier(comm);
  if (rank < half_size) /* BUG: half's size, not comm's */
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_INT, MPI_SUM, comm);
  return sum;
}

int main(int argc, char **argv)
{
  int rank;
  MPI_Comm half;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  guarded(MPI_COMM_WORLD, half);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
