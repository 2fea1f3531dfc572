/* A strided, downward loop that reads a receive buffer still pending.
 *
 * What is wrong: receive_and_sum posts an MPI_Irecv into the upper half of
 * `data' (line 33) and, before MPI_Waitall (line 37), sums every other
 * element of the whole array from the top down (line 36): the reads of
 * data[n..2n-1] touch the receive buffer while the receive is pending,
 * which MPI forbids (MPI-3.1 3.7.2).  The compiler cannot tell (the
 * buffer is a pointer parameter).  The loop makes no call and its read
 * moves by a fixed 16 bytes per iteration, so the plugin checks the
 * interval of all its reads once, before the loop; that interval meets
 * the pending buffer, so the loop runs with a check before each read, and
 * the first read of the buffer stops the program, naming line 36 and the
 * MPI_Irecv.
 *
 * description: a loop whose reads the plugin checks as one interval before it (strided, downward, through a pointer) reads a pending MPI_Irecv buffer
 * expect-run: 2 stop
 * expect-stop-message: strided_loop_reads_pending_recv.c:36: this read touches the receive buffer of the MPI_Irecv at
 * expect-run: 3 stop
 */
#include <mpi.h>
#include <stdlib.h>

#define N 64

static double receive_and_sum(double *data, int n, int from, int to)
{
  MPI_Request requests[2];
  MPI_Status statuses[2];
  double sum = 0;
  int i;

  MPI_Isend(data, n, MPI_DOUBLE, to, 0, MPI_COMM_WORLD, &requests[0]);
  MPI_Irecv(data + n, n, MPI_DOUBLE, from, 0, MPI_COMM_WORLD,
            &requests[1]);
  for (i = n - 1; i >= 0; i--)
    sum += data[2 * i + 1]; /* BUG: data[n..2n-1] is still being received */
  MPI_Waitall(2, requests, statuses);
  return sum;
}

int main(int argc, char **argv)
{
  int rank, size, i;
  double *data, sum;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  data = malloc(2 * N * sizeof *data);
  for (i = 0; i < 2 * N; i++)
    data[i] = rank + i;
  sum = receive_and_sum(data, N, (rank + size - 1) % size, (rank + 1) % size);
  free(data);
  MPI_Finalize();
  return sum < 0;
}
