/* Error (seed 004, figure 1b): in one lock/unlock epoch, rank 0 puts x
 * into rank 1's window and then gets x back, expecting the new value.
 * The two operations are unordered until the epoch closes: the get may
 * read the old value (and the put and get conflict).  Open MPI returns
 * the new value here; the runtime stops rank 0 in MPI_Get (line 31),
 * which reads the bytes the MPI_Put of the same epoch (line 30) writes,
 * naming both by file:line (the plugin announced them).
 *
 * description: MPI_Put then MPI_Get of the same target location in one lock/unlock epoch: stops in MPI_Get
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 * expect-stop-message: put_get_same_location_lock.c:31) on window 1: it reads bytes 8-11 of rank 1's window, which the MPI_Put called from
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, x[4] = {0, 0, 0, 0}, value = 5, back = -1;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(x, sizeof x, sizeof x[0], MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);
  if (rank == 0 && size > 1) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
    MPI_Put(&value, 1, MPI_INT, 1, 2, 1, MPI_INT, win);
    MPI_Get(&back, 1, MPI_INT, 1, 2, 1, MPI_INT, win); /* conflicts */
    MPI_Win_unlock(1, win);
    if (back != value)
      printf("rank 0: read %d back, expected %d\n", back, value);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
