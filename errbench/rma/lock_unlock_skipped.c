/* Error: rank 0 locks rank 1's window and puts a value; when there is
 * nothing more to send (the usual path here) it skips the unlock, and the
 * window is freed with the passive-target epoch still open.  MPI_Win_free
 * may only be called once this process's RMA epochs on the window are
 * closed (MPI-3.1 11.2.5).  The runtime stops rank 0 in MPI_Win_free and
 * names the MPI_Win_lock still open.
 *
 * description: MPI_Win_lock whose MPI_Win_unlock is skipped on the usual path; the window is freed with the epoch open: stops in MPI_Win_free
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 */
#include <mpi.h>

static int pending_items(void) { return 0; }

int main(int argc, char **argv)
{
  int rank, size, value = 3, slot = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  if (rank == 0 && size > 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    if (pending_items() > 0)
      MPI_Win_unlock(1, win); /* only on the unusual path */
  }
  MPI_Win_free(&win); /* error on rank 0: the lock of rank 1 is open */
  MPI_Finalize();
  return 0;
}
