/* One element of the buffer of a pending MPI_Ibcast written before MPI_Wait.
 *
 * What is wrong: every rank starts an MPI_Ibcast of the first 128
 * elements of the local array `buf1' (line 30), then writes buf1[0]
 * (line 31) before MPI_Wait completes the broadcast (line 32): MPI forbids
 * touching the buffers of a nonblocking collective until it completes
 * (MPI 4.0, 6.12); the root's value may or may not be the one sent, the
 * others' may be overwritten by the broadcast.  The compiler warns at the
 * write (an element inside the 128 the operation uses, on every path), and
 * the run-time buffer check there stops each rank before the store.
 *
 * description: buf1[0] written while MPI_Ibcast (buf1, 128, MPI_INT) is pending
 * expect-warning: 31 request
 * expect-run: 2 stop
 * expect-stop-message: ibcast_array_element_written.c:31: this write touches the
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, i;
  int buf1[256];
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 256; i++)
    buf1[i] = rank == 0 ? i : -1;
  MPI_Ibcast(buf1, 128, MPI_INT, 0, MPI_COMM_WORLD, &request);
  buf1[0] = 8; /* BUG: the broadcast may still be using it */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  printf("rank %d: buf1[1] = %d\n", rank, buf1[1]);
  MPI_Finalize();
  return 0;
}
