/* An MPI_Ibarrier that only rank 0 waits for.
 *
 * What is wrong: every rank starts an MPI_Ibarrier (line 23), only rank 0
 * completes it with MPI_Wait; the others reach MPI_Finalize with the
 * request still active.  The compiler cannot know that some rank takes the
 * other branch of the `if' (rank 0 alone completes it correctly), so it
 * stays silent; at run time every rank but 0 stops in MPI_Finalize, naming
 * the MPI_Ibarrier.
 *
 * description: MPI_Ibarrier completed by rank 0 only: still active at MPI_Finalize on the others
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  if (rank == 0)
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Finalize(); /* BUG on ranks other than 0: the MPI_Ibarrier is active */
  return 0;
}
