/* Error: rank 0 locks rank 1's window, puts a value, and when the check
 * of its input fails it frees the window and leaves, skipping the unlock:
 * on the error path every way to that MPI_Win_free has the lock open
 * (MPI-3.1 11.2.5: free only once this process's epochs on the window are
 * closed).  The compiler warns at that MPI_Win_free, with a note at the
 * lock; the runtime stops rank 0 in it.  The usual path (unlock, then
 * free) is not warned.
 *
 * description: MPI_Win_lock, then an error path that frees the window without MPI_Win_unlock: warned at that free, stops in it
 * mpi: openmpi
 * expect-warning: 39 rma
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 */
#include <mpi.h>
#include <stdio.h>

static int input_is_bad(int value) { return value != 0; }

int main(int argc, char **argv)
{
  int rank, size, value = 3, slot = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  if (rank != 0 || size < 2) {
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
  }
  MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
  MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
  if (input_is_bad(value)) {
    fprintf(stderr, "rank 0: bad input, giving up\n");
    MPI_Win_free(&win); /* error: the lock of rank 1 is still open */
    MPI_Finalize();
    return 1;
  }
  MPI_Win_unlock(1, win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
