/* Correct: large contiguous operations in a fence epoch and in a lock
 * epoch, which PARCOACH_NASTY_SPLIT issues in small pieces (the last one
 * first): each rank puts 100 ints into the next rank's window, gets 40
 * doubles from another part of it, and, in a lock epoch, puts 33 ints then
 * gets 7 others.  disp_unit is 4 (ints): the double part starts at a
 * multiple of 8 bytes.  The results must be the same whole or split.
 * Silent, runs clean, also under PARCOACH_NASTY=1 with pieces of 12 and 8
 * bytes.
 *
 * description: large puts and gets split into pieces by PARCOACH_NASTY_SPLIT (fence and lock epochs): same results, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_SPLIT=12
 * expect-run: 2 ok PARCOACH_NASTY=1 PARCOACH_NASTY_SPLIT=8 PARCOACH_NASTY_ORDER=random PARCOACH_NASTY_SEED=7
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define INTS 100
#define DOUBLES 40

struct memory {
  int ints[INTS];      /* bytes 0..399 */
  double doubles[DOUBLES]; /* from byte 400, a multiple of 8 */
};

int main(int argc, char **argv)
{
  int rank, size, i, failed = 0, src[INTS], back[7];
  double got[DOUBLES];
  struct memory mem;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (i = 0; i < INTS; i++) {
    mem.ints[i] = -1;
    src[i] = 1000 * rank + i;
  }
  for (i = 0; i < DOUBLES; i++)
    mem.doubles[i] = rank + 0.5 * i;
  MPI_Win_create(&mem, sizeof mem, sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Put(src, INTS, MPI_INT, next, 0, INTS, MPI_INT, win);
  MPI_Get(got, DOUBLES, MPI_DOUBLE, next, INTS, DOUBLES, MPI_DOUBLE, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  for (i = 0; i < INTS; i++)
    if (mem.ints[i] != 1000 * prev + i)
      failed = 1;
  for (i = 0; i < DOUBLES; i++)
    if (got[i] != next + 0.5 * i)
      failed = 1;
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
  MPI_Put(src + 50, 33, MPI_INT, next, 50, 33, MPI_INT, win);
  MPI_Get(back, 7, MPI_INT, next, 90, 7, MPI_INT, win);
  MPI_Win_unlock(next, win);
  for (i = 0; i < 7; i++)
    if (back[i] != 1000 * rank + 90 + i)
      failed = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  for (i = 50; i < 83; i++)
    if (mem.ints[i] != 1000 * prev + i)
      failed = 1;
  if (failed)
    printf("rank %d: wrong values\n", rank);
  MPI_Win_free(&win);
  MPI_Finalize();
  return failed;
}
