/* Dynamic sparse data exchange with termination by a nonblocking barrier
 * (the NBX pattern): each process sends its messages with MPI_Issend,
 * receives whatever MPI_Iprobe finds, and once its own sends have
 * completed (MPI_Testall) starts MPI_Ibarrier; it keeps receiving until
 * the barrier completes.  Correct: every process starts the barrier
 * exactly once, at a different iteration of its loop.
 *
 * The compiler cannot tell: the MPI_Ibarrier (line 48) is warned, under
 * the tests of MPI_Test and MPI_Testall results.  A blocking run-time
 * check before it would hang the run (a process waiting in the check no
 * longer receives the message another needs to start its barrier): none
 * is inserted in a function that polls, and the run completes.
 *
 * description: NBX: MPI_Issend to a few peers, MPI_Iprobe/MPI_Recv loop, MPI_Ibarrier once the sends completed, loop until it completes: warned (imprecision), no check before it, runs clean
 * expect-warning: 48 collective-mismatch
 * expect-conditional: 34
 * expect-conditional: 43
 * expect-conditional: 47
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, size, received = 0, sends_done = 0, done = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int payload[2] = {rank, rank + 100};
  MPI_Request sends[2], barrier = MPI_REQUEST_NULL;
  for (int k = 0; k < 2; k++)
    MPI_Issend(&payload[k], 1, MPI_INT, (rank + k + 1) % size, 7, MPI_COMM_WORLD, &sends[k]);
  while (!done) {
    int flag;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &flag, &status);
    if (flag) {
      int value;
      MPI_Recv(&value, 1, MPI_INT, status.MPI_SOURCE, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      received++;
    }
    if (barrier != MPI_REQUEST_NULL) {
      MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
    } else {
      MPI_Testall(2, sends, &sends_done, MPI_STATUSES_IGNORE);
      if (sends_done)
        MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    }
  }
  int total;
  MPI_Allreduce(&received, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d messages received in all\n", total);
  MPI_Finalize();
  return total != 2 * size;
}
