/* Buffers of nonblocking operations accessed only where MPI allows it.
 *
 * Correct: the send buffer of a pending MPI_Isend is read (allowed since
 * MPI 3.0) and written only after MPI_Wait; a receive buffer is read after
 * an MPI_Test loop that exits on completion; a receive posted and
 * completed under one condition is read after both; a variable next to a
 * pending receive buffer is used freely.  Silent at compile time, clean at
 * run time.
 *
 * description: buffers of pending requests read or written only where MPI allows it: silent
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, next, prev, value, copy, got = -1, other = 0, flag = 0;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  next = (rank + 1) % size;
  prev = (rank + size - 1) % size;

  value = rank;
  MPI_Isend(&value, 1, MPI_INT, next, 0, MPI_COMM_WORLD, &request);
  copy = value * 2;
  MPI_Recv(&got, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  value = copy;

  MPI_Irecv(&got, 1, MPI_INT, prev, 1, MPI_COMM_WORLD, &request);
  other = rank + 1;
  MPI_Send(&other, 1, MPI_INT, next, 1, MPI_COMM_WORLD);
  while (!flag)
    MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  if (got != prev + 1)
    MPI_Abort(MPI_COMM_WORLD, 1);

  if (size > 1 && rank == 0)
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &request);
  if (size > 1 && rank == 1)
    MPI_Send(&value, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
  if (size > 1 && rank == 0)
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  other = got;

  MPI_Finalize();
  return other == -12345;
}
