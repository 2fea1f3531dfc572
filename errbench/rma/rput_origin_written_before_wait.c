/* Error: in a passive-target epoch (MPI_Win_lock_all), rank 0 puts its
 * buffer into rank 1's window with MPI_Rput and writes the buffer again
 * before completing the request (MPI_Wait) or the epoch.  Until one of
 * them completes the put at the origin, MPI may read the origin buffer at
 * any time (MPI 4.0, section 12.3.5), so rank 1 may receive either value.
 * The run-time buffer check the plugin inserted at the store (line 32)
 * stops rank 0 there, naming the MPI_Rput of line 31.
 *
 * description: origin buffer of an MPI_Rput written again before MPI_Wait on its request: stopped at the store
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-stop-message: rput_origin_written_before_wait.c:32: this write touches the send buffer of the MPI_Rput at
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, buffer[2] = {1, 2}, slot[2] = {0, 0};
  MPI_Win win;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(slot, sizeof slot, sizeof slot[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0 && size > 1) {
    MPI_Rput(buffer, 2, MPI_INT, 1, 0, 2, MPI_INT, win, &request);
    buffer[0] = buffer[1] = -1; /* error: the put may not have read it */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
