/* Pure MPI: a communicator chosen per process, then tested against
 * MPI_COMM_NULL.  Rank 0 (and, below, the even ranks) hold MPI_COMM_SELF,
 * the others MPI_COMM_NULL; only the holders of a communicator call the
 * collectives on it.  MPI_COMM_SELF has the calling process as its only
 * member, so the test leaves out no member of the communicator the
 * collective runs on: nothing to warn, nothing to stop.
 *
 * description: pure MPI: c = rank == 0 ? MPI_COMM_SELF : MPI_COMM_NULL, then collectives on c under c != MPI_COMM_NULL
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, one = 1, total = 0;
  MPI_Comm alone;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm c = (rank == 0) ? MPI_COMM_SELF : MPI_COMM_NULL;
  if (c != MPI_COMM_NULL)
    MPI_Barrier(c);
  alone = MPI_COMM_NULL;
  if (rank % 2 == 0)
    alone = MPI_COMM_SELF;
  if (alone != MPI_COMM_NULL) {
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, alone);
    if (total != 1)
      MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
