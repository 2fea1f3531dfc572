/* Error: after the last MPI_Win_fence, rank 0 issues an MPI_Accumulate
 * and frees the window with no closing fence: the operation is never
 * completed (MPI-3.1 11.2.5: MPI_Win_free needs this process's RMA
 * operations on the window completed, e.g. by a fence).  The runtime
 * stops rank 0 in MPI_Win_free, naming the operation.
 *
 * description: MPI_Accumulate after the last fence, window freed without a closing fence: stops in MPI_Win_free
 * mpi: openmpi
 * expect-run: 2 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, one = 1, counter = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&counter, sizeof counter, sizeof counter, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0)
    MPI_Accumulate(&one, 1, MPI_INT, size - 1, 0, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_free(&win); /* error on rank 0: no fence completed it */
  MPI_Finalize();
  return 0;
}
