/* Correct: uses of windows the compile-time analysis must not warn:
 *   - the epoch is opened and closed by helper functions that receive
 *     the window (the analysis does not follow it into them);
 *   - lock and unlock under the same rank-dependent condition (branches
 *     that depend on each other);
 *   - the window copied to another variable, whose fence opens the epoch;
 *   - a window freed in a function other than the one that created it.
 * Runs clean, also under PARCOACH_NASTY=1.
 *
 * description: epochs opened in helpers, lock/unlock under the same condition, a copied window handle, a window freed by a helper: silent, runs clean, also under PARCOACH_NASTY
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 2 ok PARCOACH_NASTY=1
 */
#include <mpi.h>
#include <stdio.h>

static void open_epoch(MPI_Win w) { MPI_Win_fence(MPI_MODE_NOPRECEDE, w); }
static void close_epoch(MPI_Win w) { MPI_Win_fence(MPI_MODE_NOSUCCEED, w); }
static void release(MPI_Win *w) { MPI_Win_free(w); }

int main(int argc, char **argv)
{
  int rank, size, one = 1, cells[2] = {0, 0}, failed = 0;
  MPI_Win win, other, alias;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size;
  MPI_Win_create(cells, sizeof cells, sizeof cells[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  open_epoch(win);
  MPI_Accumulate(&one, 1, MPI_INT, next, 0, 1, MPI_INT, MPI_SUM, win);
  close_epoch(win);

  if (rank == 0)
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
  if (rank == 0)
    MPI_Accumulate(&one, 1, MPI_INT, next, 1, 1, MPI_INT, MPI_SUM, win);
  if (rank == 0)
    MPI_Win_unlock(next, win);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  if (cells[0] != 1 || cells[1] != (rank == 1 % size ? 1 : 0))
    failed = 1;

  MPI_Win_create(cells, sizeof cells, sizeof cells[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &other);
  alias = other;
  MPI_Win_fence(0, alias);
  MPI_Put(&rank, 1, MPI_INT, next, 0, 1, MPI_INT, other);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, alias);
  release(&other);
  if (cells[0] != (rank + size - 1) % size)
    failed = 1;
  if (failed)
    printf("rank %d: wrong cells %d %d\n", rank, cells[0], cells[1]);
  MPI_Finalize();
  return failed;
}
