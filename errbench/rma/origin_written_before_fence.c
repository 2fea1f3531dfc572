/* Error: rank 0 puts its buffer into rank 1's window and writes the
 * buffer again before the closing MPI_Win_fence.  Until the fence, the
 * put may read its origin buffer at any time (MPI-3.1 11.3), so rank 1
 * may receive either value.  The run-time buffer check the plugin
 * inserted at the store (line 36) stops rank 0 there, naming the
 * MPI_Put of line 35, with or without the nasty schedule.  With the
 * buffer checks off (PARCOACH_BUFFERS=0), PARCOACH_NASTY=1 issues the put
 * at the fence, after the store, and the program's own check on rank 1
 * fails (exit 1, no PARCOACH message).  Without either, Open MPI happens
 * to send the first value (not asserted: it is undefined).
 *
 * description: origin buffer of an MPI_Put written again before the closing fence: stopped at the store; with the buffer checks off, its own check fails under PARCOACH_NASTY=1
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 * expect-stop-message: origin_written_before_fence.c:36: this write touches the send buffer of the MPI_Put at
 * expect-run: 2 fail PARCOACH_NASTY=1 PARCOACH_BUFFERS=0
 * expect-run: 2 fail PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=program PARCOACH_BUFFERS=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, buffer[2] = {1, 2}, slot[2] = {0, 0};
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(slot, sizeof slot, sizeof slot[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(0, win);
  if (rank == 0 && size > 1) {
    MPI_Put(buffer, 2, MPI_INT, 1, 0, 2, MPI_INT, win);
    buffer[0] = buffer[1] = -1; /* error: the put may not have read it */
  }
  MPI_Win_fence(0, win);
  if (rank == 1 && (slot[0] != 1 || slot[1] != 2)) {
    fprintf(stderr, "rank 1: received %d %d, expected 1 2\n", slot[0],
            slot[1]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
