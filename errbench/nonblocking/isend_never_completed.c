/* An MPI_Isend whose request is never completed.
 *
 * What is wrong: every rank posts an MPI_Isend to the next rank (line 28),
 * receives from the previous one with MPI_Recv, and calls MPI_Finalize
 * without MPI_Wait, MPI_Test or MPI_Request_free on the request: MPI
 * requires every nonblocking operation to be completed before MPI_Finalize
 * (MPI 4.0, section 11.2.2).  The message is delivered, so both MPIs of
 * this machine let the program end "fine".  The request is active on every
 * path from the MPI_Isend to MPI_Finalize: the compiler warns at the
 * MPI_Isend.  At run time every rank stops in MPI_Finalize, naming it.
 *
 * description: MPI_Isend never completed before MPI_Finalize
 * expect-warning: 28 request
 * expect-run: 2 stop
 * expect-run: 1 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, value, got = -1;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  value = rank;
  MPI_Isend(&value, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &request);
  MPI_Recv(&got, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Finalize(); /* BUG: the request of the MPI_Isend is still active */
  return got == (rank + size - 1) % size ? 0 : 1;
}
