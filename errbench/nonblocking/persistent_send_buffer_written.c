/* A persistent send whose buffer is refilled while it is still active.
 *
 * What is wrong: a persistent request made by MPI_Send_init (line 31) is
 * started each step (line 34); the buffer is refilled for the next step
 * (line 36) before MPI_Wait (line 37) completes the send started at line
 * 34: MPI forbids writing a send buffer while its send is active
 * (MPI-3.1 3.9: between MPI_Start and the completion).  The first step's
 * fill (line 33) is before MPI_Start: allowed, and not stopped.  The
 * run-time buffer check at line 36 stops each rank in the first step.
 *
 * description: persistent send buffer refilled between MPI_Start and MPI_Wait
 * expect-run: 2 stop
 * expect-stop-message: persistent_send_buffer_written.c:36: this write touches the send buffer of the MPI_Send_init at
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, step, next, prev;
  static int out[4], in[4];
  MPI_Request send, recv;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  next = (rank + 1) % size;
  prev = (rank + size - 1) % size;
  MPI_Recv_init(in, 4, MPI_INT, prev, 0, MPI_COMM_WORLD, &recv);
  /* The send buffer: */
  /* filled at each step, sent by the persistent request */
  MPI_Send_init(out, 4, MPI_INT, next, 0, MPI_COMM_WORLD, &send);
  for (step = 0; step < 3; step++) {
    out[0] = out[1] = out[2] = out[3] = step;
    MPI_Start(&recv); MPI_Start(&send);
    /* BUG: the next step's value, written while the send is active */
    out[0] = step + 1;
    MPI_Wait(&send, MPI_STATUS_IGNORE);
    MPI_Wait(&recv, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&send);
  MPI_Request_free(&recv);
  MPI_Finalize();
  return 0;
}
