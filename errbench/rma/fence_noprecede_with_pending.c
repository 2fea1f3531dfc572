/* Error: rank 0 puts a value after a fence, and the next fence asserts
 * MPI_MODE_NOPRECEDE ("the fence does not complete any sequence of
 * locally issued RMA calls", MPI-3.1 11.5.5): the assertion is false, and
 * the put may never complete.  The runtime stops rank 0 in that fence.
 *
 * description: MPI_Win_fence asserting MPI_MODE_NOPRECEDE while a put of the epoch is pending: stops in the fence
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, value = 1, slot = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0)
    MPI_Put(&value, 1, MPI_INT, size - 1, 0, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win); /* error on rank 0 */
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
