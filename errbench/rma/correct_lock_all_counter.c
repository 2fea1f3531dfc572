/* Correct: a passive-target counter.  Inside one MPI_Win_lock_all epoch
 * each rank increments the counter on rank 0 with MPI_Fetch_and_op several
 * times (accumulate-class operations on the same location never
 * conflict), completing each with MPI_Win_flush; it records the value it
 * fetched into its own slot on rank 0 with MPI_Put, then, after an
 * MPI_Win_flush, reads the slot back with MPI_Get (allowed: the flush
 * completed the put).  It also gets the counter (location A) and puts into
 * its slot (location B) in one step: different bytes.  After
 * MPI_Win_unlock_all and a barrier, rank 0 checks the final counter.
 * Silent, runs clean, also under PARCOACH_NASTY=1.
 *
 * description: passive-target counter: MPI_Win_lock_all, MPI_Fetch_and_op + MPI_Win_flush, put then get of one slot separated by a flush: silent, runs clean, also under PARCOACH_NASTY
 * mpi: openmpi
 * expect-run: 3 ok
 * expect-run: 1 ok
 * expect-run: 3 ok PARCOACH_NASTY=1
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=gets-first PARCOACH_NASTY_FLUSH=0
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 4

int main(int argc, char **argv)
{
  int rank, size, round, one = 1, fetched = -1, back = -1, seen = -1;
  int *memory, failed = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* memory[0]: the counter; memory[1 + r]: the last value rank r saw */
  MPI_Win_allocate((MPI_Aint) (size + 1) * sizeof(int), sizeof(int),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &memory, &win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win);
  for (int i = 0; i <= size; i++)
    memory[i] = 0;
  MPI_Win_unlock(rank, win);
  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Win_lock_all(0, win);
  for (round = 0; round < ROUNDS; round++) {
    MPI_Fetch_and_op(&one, &fetched, MPI_INT, 0, 0, MPI_SUM, win);
    MPI_Win_flush(0, win);
    MPI_Put(&fetched, 1, MPI_INT, 0, 1 + rank, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
    MPI_Get(&back, 1, MPI_INT, 0, 1 + rank, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
    if (back != fetched)
      failed = 1;
  }
  MPI_Get(&seen, 1, MPI_INT, 0, 0, 1, MPI_INT, win);          /* A */
  MPI_Put(&one, 1, MPI_INT, 0, 1 + rank, 1, MPI_INT, win);    /* B */
  MPI_Win_unlock_all(win);
  if (seen < ROUNDS)
    failed = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    if (memory[0] != ROUNDS * size)
      failed = 1;
    MPI_Win_unlock(0, win);
  }
  if (failed)
    printf("rank %d: wrong counter values\n", rank);
  MPI_Win_free(&win);
  MPI_Finalize();
  return failed;
}
