/* The send buffer of an MPI_Isend written before MPI_Wait.
 *
 * What is wrong: each rank sends `value' with MPI_Isend (line 26), then
 * overwrites it (line 28) before MPI_Wait completes the send: MPI forbids
 * writing a send buffer while the send is pending; the receiver may get
 * either value.  (Reading it would be allowed.)  The compiler warns at the
 * write, and the run-time buffer check the plugin inserted there stops
 * each rank before the store, naming the write and the MPI_Isend.
 *
 * description: the buffer of an MPI_Isend written before MPI_Wait
 * expect-warning: 28 request
 * expect-run: 2 stop
 * expect-stop-message: send_buffer_written_before_wait.c:28: this write touches the send buffer of the MPI_Isend at
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, value, copy, got = -1;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  value = rank;
  MPI_Isend(&value, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &request);
  copy = value;  /* reading is allowed */
  value = -1;    /* BUG: the send may still be reading it */
  MPI_Recv(&got, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  value = copy;  /* fine: the send is complete */
  MPI_Finalize();
  return 0;
}
