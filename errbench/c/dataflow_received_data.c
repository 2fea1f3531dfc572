/* Value flow, source: data received point to point.
 *
 * What is wrong: every process passes its rank to the next one in a ring
 * with MPI_Sendrecv (called by all, unconditionally); the value received
 * differs between processes, and only the process that received 0 calls
 * MPI_Barrier before the common MPI_Allreduce.  The status of the
 * receive differs too.
 *
 * description: value flow: a value received by MPI_Sendrecv guards a barrier: warning, stops
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 32
 * expect-run: 2 stop
 * expect-run: 3 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, next, previous, from_previous = -1, one = 1, total = 0;
  MPI_Status status;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  next = (rank + 1) % size;
  previous = (rank + size - 1) % size;
  MPI_Sendrecv(&rank, 1, MPI_INT, next, 0, &from_previous, 1, MPI_INT, previous, 0,
               MPI_COMM_WORLD, &status);
  /* `from_previous' is the same on no two processes */
  if (size > 1) {
    int got_zero = from_previous == 0;
    if (got_zero)
      MPI_Barrier(MPI_COMM_WORLD); /* BUG: only the successor of rank 0 */
  }
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
