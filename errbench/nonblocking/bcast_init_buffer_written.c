/* The buffer of a persistent broadcast written while the operation runs.
 *
 * What is wrong: MPI_Bcast_init (MPI 4.0 section 6.13) makes a persistent
 * request; between MPI_Start (line 33) and MPI_Wait (line 35) the
 * broadcast may read (root) or write (the others) `values', and line 34
 * writes it.  The compiler does not warn (persistent requests are left to
 * the runtime); the run-time buffer check stops each rank at the store,
 * naming the MPI_Bcast_init call of line 31.  The second round, written
 * after its MPI_Wait, is correct.
 *
 * description: the buffer of a started MPI_Bcast_init written before MPI_Wait: stopped, naming the init call
 * requires-mpi-version: 4
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-stop-message: bcast_init_buffer_written.c:34: this write touches the
 * expect-stop-message: bcast_init_buffer_written.c:31, still pending
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, round;
  int values[8] = {0};
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    for (int i = 0; i < 8; i++)
      values[i] = i;
  MPI_Bcast_init(values, 8, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &request);
  for (round = 0; round < 2; round++) {
    MPI_Start(&request);
    values[round] = -1; /* BUG: the broadcast may still be using it */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&request);
  MPI_Finalize();
  return 0;
}
