/* Correct: the origin buffers of request-based RMA operations used as
 * soon as MPI allows it, under the run-time buffer checks.  In one
 * passive-target epoch (MPI_Win_lock_all) rank 0
 *   - puts `out' with MPI_Rput, reads it while the put is pending (a
 *     send buffer may be read), completes the request with MPI_Wait and
 *     rewrites `out' before the epoch ends (the put is complete at the
 *     origin: MPI 4.0, section 12.3.5), then puts it again;
 *   - gets into `in' with MPI_Rget and reads it after an MPI_Test loop
 *     says the request completed;
 *   - after MPI_Win_flush (which completes every operation at the origin
 *     as well), writes `late', the origin of an MPI_Rput whose request is
 *     completed only afterwards.
 * Rank 1 then checks the values its window received (the second put of
 * `out' and `late').
 *
 * description: request-based RMA origin buffers reused after MPI_Wait, MPI_Test or a flush (before the epoch ends): silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, out[2] = {1, 2}, in[2] = {0, 0}, late = 7, slot[3] = {0, 0, 0}, sum = 0;
  int done = 0;
  MPI_Win win;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  slot[0] = slot[1] = 10 * rank;
  MPI_Win_create(slot, sizeof slot, sizeof slot[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  if (rank == 0 && size > 1) {
    MPI_Rput(out, 2, MPI_INT, 1, 0, 2, MPI_INT, win, &request);
    sum = out[0] + out[1]; /* reading a pending send buffer is allowed */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    out[0] = sum, out[1] = 2 * sum; /* the put is complete at the origin */
    MPI_Rput(out, 2, MPI_INT, 1, 0, 2, MPI_INT, win, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    MPI_Win_flush(1, win);
    MPI_Rget(in, 2, MPI_INT, 1, 0, 2, MPI_INT, win, &request);
    while (!done)
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (in[0] != 3 || in[1] != 6) {
      fprintf(stderr, "rank 0: got %d %d from rank 1, expected 3 6\n", in[0], in[1]);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Rput(&late, 1, MPI_INT, 1, 2, 1, MPI_INT, win, &request);
    MPI_Win_flush(1, win);
    late = -1; /* complete at the origin after the flush */
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 1 && (slot[0] != 3 || slot[1] != 6 || slot[2] != 7)) {
    fprintf(stderr, "rank 1: window holds %d %d %d, expected 3 6 7\n", slot[0], slot[1], slot[2]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
