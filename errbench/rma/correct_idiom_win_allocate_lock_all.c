/* Correct: a passive-target exchange on memory from MPI_Win_allocate, in
 * one MPI_Win_lock_all epoch per phase, as PGAS-style codes write it:
 *   - each rank puts a block into its right neighbour's window and
 *     completes it with MPI_Win_flush (target);
 *   - each rank reads the left neighbour's header with MPI_Rget and waits
 *     for it with MPI_Wait inside the epoch; MPI_Rput of a second block,
 *     also waited inside the epoch;
 *   - MPI_Get_accumulate (MPI_SUM) on a counter of rank 0 from every rank
 *     (accumulate-class operations on one location from several origins:
 *     allowed), MPI_Win_flush_all;
 *   - MPI_Win_unlock_all, a barrier, then every rank reads its own window
 *     in a lock_all epoch after MPI_Win_sync (separate-model safe).
 * Values are checked.  Silent, runs clean.
 *
 * description: MPI_Win_allocate + lock_all: put + flush, Rget/Rput + MPI_Wait inside the epoch, Get_accumulate on one counter from every rank, flush_all, own window read after unlock_all + barrier + Win_sync: silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

#define B 8
/* window layout (ints): [0] counter, [1] header, [2..2+B) block A,
 * [2+B..2+2B) block B */
#define WIN_INTS (2 + 2 * B)

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  int *base;
  MPI_Win win;
  MPI_Win_allocate(WIN_INTS * sizeof(int), sizeof(int), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &base, &win);
  MPI_Win_lock_all(0, win);
  for (int i = 0; i < WIN_INTS; i++)
    base[i] = 0;
  base[1] = 1000 + rank;
  MPI_Win_sync(win);
  MPI_Win_unlock_all(win);
  MPI_Barrier(MPI_COMM_WORLD);

  int blockA[B], blockB[B], header = -1, one = 1, before = -1;
  for (int i = 0; i < B; i++) {
    blockA[i] = rank * 10 + i;
    blockB[i] = -(rank * 10 + i);
  }

  MPI_Win_lock_all(MPI_MODE_NOCHECK, win);
  MPI_Put(blockA, B, MPI_INT, right, 2, B, MPI_INT, win);
  MPI_Win_flush(right, win);

  MPI_Request rq;
  MPI_Rget(&header, 1, MPI_INT, left, 1, 1, MPI_INT, win, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  if (header != 1000 + left)
    errors++;

  MPI_Rput(blockB, B, MPI_INT, right, 2 + B, B, MPI_INT, win, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);

  MPI_Get_accumulate(&one, 1, MPI_INT, &before, 1, MPI_INT, 0, 0, 1, MPI_INT,
                     MPI_SUM, win);
  MPI_Win_flush_all(win);
  if (before < 0 || before >= nprocs)
    errors++;
  MPI_Win_unlock_all(win);

  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Win_lock_all(0, win);
  MPI_Win_sync(win);
  for (int i = 0; i < B; i++) {
    if (base[2 + i] != left * 10 + i)
      errors++;
    if (base[2 + B + i] != -(left * 10 + i))
      errors++;
  }
  if (rank == 0 && base[0] != nprocs)
    errors++;
  MPI_Win_unlock_all(win);

  MPI_Win_free(&win);

  int all;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
