/* Correct twin of bcast_init_buffer_written.c: the buffer of a persistent
 * broadcast is read and written only while the request is inactive.
 *
 * MPI_Bcast_init (MPI 4.0 section 6.13) makes a persistent request; the
 * broadcast may use `values' between each MPI_Start and its MPI_Wait, and
 * not outside them: the root refills it and every process reads it after
 * MPI_Wait, before the next MPI_Start.  Nothing to warn or stop; the sum
 * checks the broadcasts arrived.
 *
 * description: a persistent MPI_Bcast_init whose buffer is touched only between MPI_Wait and the next MPI_Start: silent, runs clean
 * requires-mpi-version: 4
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, round, sum = 0;
  int values[8] = {0};
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast_init(values, 8, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &request);
  for (round = 0; round < 2; round++) {
    if (rank == 0)
      for (int i = 0; i < 8; i++)
        values[i] = round + i;
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    for (int i = 0; i < 8; i++)
      sum += values[i];
  }
  MPI_Request_free(&request);
  MPI_Finalize();
  /* rounds 0 and 1: 28 + 36 */
  return sum == 64 ? 0 : 1;
}
