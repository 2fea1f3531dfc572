/* The correct twin of allreduce_init_never_completed.c: a persistent
 * MPI_Allreduce_init request started by MPI_Start in a loop, each start
 * completed by MPI_Wait before the buffers are touched again, then freed
 * with MPI_Request_free while inactive (MPI 4.0, section 6.13).  The sums
 * are the ones MPI defines.  MPI 4 only: MPICH here has it, Open MPI 4.1
 * does not.
 *
 * description: persistent MPI_Allreduce_init started and completed in a loop, then freed; sums checked
 * expect-run: 2 ok
 * expect-run: 3 ok
 * requires-mpi-version: 4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, round, mine, sum = 0;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Allreduce_init(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                     &request);
  for (round = 0; round < 4; round++) {
    mine = rank + round;
    MPI_Start(&request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    if (sum != size * (size - 1) / 2 + size * round) {
      fprintf(stderr, "rank %d round %d: sum %d\n", rank, round, sum);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  MPI_Request_free(&request);
  MPI_Finalize();
  return 0;
}
