/* Collectives on different communicators after MPI_Comm_split: the even
 * ranks call MPI_Bcast on their half, the odd ranks on MPI_COMM_WORLD.
 *
 * What is wrong: the even ranks' broadcast completes within their half
 * (MPI_Comm_free of the half as well) and they go on to MPI_Finalize,
 * while the odd ranks wait in a broadcast on MPI_COMM_WORLD that the even
 * ranks never join.  The control flow is the same on every process (no
 * warning); with instrument=all the check before MPI_Finalize (on
 * MPI_COMM_WORLD) of the even ranks meets the odd ranks' check before
 * MPI_Bcast and the run stops at once, each rank naming its call; the even
 * ranks add that they called MPI_Bcast at line 32 on a communicator of
 * 1 process (run on 2) or 2 processes (run on 4).
 *
 * description: MPI_Bcast on a split half on even ranks, on MPI_COMM_WORLD on odd ranks: stopped
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 * expect-stop-message: on a communicator of
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 0;
  MPI_Comm half;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  if (rank % 2 == 0)
    MPI_Bcast(&x, 1, MPI_INT, 0, half);
  else
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
