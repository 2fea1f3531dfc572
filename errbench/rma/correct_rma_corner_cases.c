/* Correct: operations the conflict check must accept, in lock epochs on
 * the next rank's window of 16 + 2 ints:
 *   - a strided put (every even int, MPI_Type_vector) and a strided get of
 *     the odd ints: their spans overlap, their bytes do not;
 *   - MPI_Accumulate with MPI_REPLACE, then MPI_SUM, on one location
 *     (accumulate-class, same type: ordered and atomic from one origin);
 *   - a put, MPI_Win_flush, then a get of the same location;
 *   - MPI_Win_flush_local between two gets of one location (reads only);
 *   - the derived type freed right after the call (kept alive for the
 *     delayed operation under PARCOACH_NASTY);
 *   - a window created with MPI_Win_create_dynamic and memory attached
 *     (addresses as displacements), with a fence epoch.
 * Every rank checks the results.  Silent, runs clean, also under
 * PARCOACH_NASTY=1.
 *
 * description: strided put/get with disjoint bytes, accumulates of one location, put-flush-get, flush_local between gets, freed derived type, dynamic window: silent, runs clean, also under PARCOACH_NASTY
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 2 ok PARCOACH_NASTY=1
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=random PARCOACH_NASTY_SPLIT=4
 */
#include <mpi.h>
#include <stdio.h>

#define M 16

int main(int argc, char **argv)
{
  int rank, size, i, failed = 0;
  int mem[M + 2], src[M], odd[M / 2], first = -1, second = -1, value = 9;
  int five = 5, three = 3, sum = -1;
  MPI_Datatype evens, odds;
  MPI_Win win, dyn;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int next = (rank + 1) % size;
  for (i = 0; i < M + 2; i++)
    mem[i] = 1000 * rank + i;
  for (i = 0; i < M; i++)
    src[i] = 2000 + i;
  MPI_Win_create(mem, sizeof mem, sizeof mem[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Barrier(MPI_COMM_WORLD); /* every window initialised */

  MPI_Type_vector(M / 2, 1, 2, MPI_INT, &evens);
  MPI_Type_commit(&evens);
  MPI_Type_vector(M / 2, 1, 2, MPI_INT, &odds);
  MPI_Type_commit(&odds);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
  MPI_Put(src, M / 2, MPI_INT, next, 0, 1, evens, win);
  MPI_Type_free(&evens);
  MPI_Get(odd, M / 2, MPI_INT, next, 1, 1, odds, win);
  MPI_Type_free(&odds);
  MPI_Accumulate(&five, 1, MPI_INT, next, M, 1, MPI_INT, MPI_REPLACE, win);
  MPI_Accumulate(&three, 1, MPI_INT, next, M, 1, MPI_INT, MPI_SUM, win);
  MPI_Put(&value, 1, MPI_INT, next, M + 1, 1, MPI_INT, win);
  MPI_Win_flush(next, win);
  MPI_Get(&first, 1, MPI_INT, next, M + 1, 1, MPI_INT, win);
  MPI_Win_flush_local(next, win);
  MPI_Get(&second, 1, MPI_INT, next, M + 1, 1, MPI_INT, win);
  MPI_Win_flush(next, win);
  MPI_Get(&sum, 1, MPI_INT, next, M, 1, MPI_INT, win);
  MPI_Win_unlock(next, win);
  for (i = 0; i < M / 2; i++)
    if (odd[i] != 1000 * next + 2 * i + 1)
      failed = 1;
  if (first != 9 || second != 9 || sum != 8)
    failed = 1;
  MPI_Barrier(MPI_COMM_WORLD); /* every epoch on my window is closed */
  for (i = 0; i < M; i += 2)
    if (mem[i] != 2000 + i / 2)
      failed = 1;

  /* A dynamic window: the target's address travels by allgather.  */
  int cell = -1, got = -1;
  MPI_Aint mine, addrs[64];
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dyn);
  MPI_Win_attach(dyn, &cell, sizeof cell);
  MPI_Get_address(&cell, &mine);
  if (size <= 64) {
    MPI_Allgather(&mine, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    MPI_Win_fence(0, dyn);
    MPI_Put(&rank, 1, MPI_INT, next, addrs[next], 1, MPI_INT, dyn);
    MPI_Win_fence(0, dyn);
    MPI_Get(&got, 1, MPI_INT, next, addrs[next], 1, MPI_INT, dyn);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, dyn);
    if (cell != (rank + size - 1) % size || got != rank)
      failed = 1;
  }
  MPI_Win_detach(dyn, &cell);
  MPI_Win_free(&dyn);

  if (failed)
    printf("rank %d: wrong results (first %d second %d sum %d)\n", rank,
           first, second, sum);
  MPI_Win_free(&win);
  MPI_Finalize();
  return failed;
}
