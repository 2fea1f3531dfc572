/* Correct: a distributed histogram / mailbox in passive target mode, as
 * codes without a fixed communication pattern write it.  Each rank owns a
 * window created with MPI_Win_create on malloc'd memory:
 * [0] a counter, [1..1+P) one mailbox slot per origin rank.
 *   - Phase 1, writers: every rank visits every target in a loop, opening
 *     MPI_Win_lock(MPI_LOCK_EXCLUSIVE, t) per target, adding its
 *     contribution to the target's counter with MPI_Accumulate and putting
 *     its value into its own mailbox slot (different bytes), then
 *     MPI_Win_unlock(t).  Several origins update one counter (exclusive
 *     locks serialise them; accumulates would be allowed anyway).
 *   - A barrier separates the phases.
 *   - Phase 2, readers: every rank reads every target's whole window with
 *     MPI_Get under MPI_Win_lock(MPI_LOCK_SHARED, t) (several readers at
 *     once) and checks it.
 * Silent, runs clean.
 *
 * description: passive target: MPI_Win_lock(EXCLUSIVE) per target in a loop with an accumulate on a shared counter and a put to the origin's own slot, then MPI_LOCK_SHARED readers getting every window: silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void contribute(MPI_Win win, int target, int rank, long *value)
{
  long one = 1;
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, target, 0, win);
  MPI_Accumulate(&one, 1, MPI_LONG, target, 0, 1, MPI_LONG, MPI_SUM, win);
  MPI_Put(value, 1, MPI_LONG, target, 1 + rank, 1, MPI_LONG, win);
  MPI_Win_unlock(target, win);
}

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  int nslots = 1 + nprocs;
  long *mem = malloc(nslots * sizeof *mem);
  for (int i = 0; i < nslots; i++)
    mem[i] = -1;
  mem[0] = 0;
  MPI_Win win;
  MPI_Win_create(mem, nslots * sizeof *mem, sizeof *mem, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);

  for (int k = 0; k < nprocs; k++) {
    int target = (rank + k) % nprocs;
    long value = 100L * rank + target;
    contribute(win, target, rank, &value);
  }

  MPI_Barrier(MPI_COMM_WORLD);

  long *copy = malloc(nslots * sizeof *copy);
  for (int t = 0; t < nprocs; t++) {
    MPI_Win_lock(MPI_LOCK_SHARED, t, 0, win);
    MPI_Get(copy, nslots, MPI_LONG, t, 0, nslots, MPI_LONG, win);
    MPI_Win_unlock(t, win);
    if (copy[0] != nprocs)
      errors++;
    for (int o = 0; o < nprocs; o++)
      if (copy[1 + o] != 100L * o + t)
        errors++;
  }

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  free(copy);
  free(mem);

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
