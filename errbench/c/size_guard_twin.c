/* The erroneous twin of correct/size_guard_comm_variable.c: the size test
 * lets more than one process reach the rank test, and a rank is compared
 * with the size of another communicator held in a variable.
 *
 * What is wrong: `nprocs > 2 || rank == 0' on 2 processes leaves rank 1
 * out of the MPI_Allreduce of line 30.  `rank < half_size' compares the
 * rank in `comm' with the size of `half' (the processes of the same
 * parity): false on rank 1 of 2, which skips the MPI_Barrier of line 43.
 * Both conditions are blamed; the run-time check stops the program at the
 * first disagreement.  (3 processes call the MPI_Allreduce everywhere but
 * still disagree on the barrier; 1 process is fine.)
 *
 * description: twin of correct/size_guard_comm_variable.c: if (nprocs > 2 || rank == 0), rank against another communicator's size: warned, stops
 * expect-warning: 30 collective-mismatch
 * expect-warning: 43 collective-mismatch
 * expect-conditional: 29
 * expect-conditional: 42
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

static int reduce_if_useful(MPI_Comm comm, int value)
{
  int rank, nprocs, sum = value;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);
  if (nprocs > 2 || rank == 0)  /* BUG: on 2 processes, only rank 0 */
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, comm);
  return sum;
}

int main(int argc, char **argv)
{
  int rank, half_size;
  MPI_Init(&argc, &argv);
  MPI_Comm comm = MPI_COMM_WORLD, half;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_split(comm, rank % 2, rank, &half);
  MPI_Comm_size(half, &half_size);
  if (rank < half_size)         /* BUG: half's size, not comm's */
    MPI_Barrier(comm);
  reduce_if_useful(MPI_COMM_WORLD, 1);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
