/* The receive buffer of an MPI_Irecv read before MPI_Wait.
 *
 * What is wrong: each rank posts an MPI_Irecv into `got' (line 28), sends
 * to the next rank, and reads `got' (line 30) before MPI_Wait completes
 * the receive: MPI forbids any access to a receive buffer while the
 * receive is pending; the value read may be the old one.  The compiler
 * warns at the read, and the run-time buffer check the plugin inserted
 * there stops each rank before the load (both MPIs here usually deliver the
 * value in time: without the check the run would end normally).
 *
 * description: the buffer of an MPI_Irecv read before MPI_Wait
 * expect-warning: 30 request
 * expect-run: 2 stop
 * expect-stop-message: recv_buffer_read_before_wait.c:30: this read touches the receive buffer of the MPI_Irecv at
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, mine, got = -1, early;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  mine = rank;
  MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &request);
  MPI_Send(&mine, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  early = got; /* BUG: the receive may not have completed */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (early != got)
    printf("rank %d read %d before MPI_Wait, %d after\n", rank, early, got);
  MPI_Finalize();
  return 0;
}
