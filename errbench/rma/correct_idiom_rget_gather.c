/* Correct: a one-sided all-gather of read-only data, as codes fetching
 * remote blocks (distributed arrays, graph partitions) write it.  Every
 * rank exposes a block set before MPI_Win_create and never changed.
 *   - One MPI_Win_lock_all epoch; an MPI_Rget per remote rank into its
 *     slot of a local matrix, the requests kept in a struct array next to
 *     the peer numbers; completed by MPI_Waitall inside the epoch (a
 *     request-based get completes locally at its wait), then the local
 *     matrix is used, then MPI_Win_unlock_all.
 *   - A second pass with MPI_Win_lock(MPI_LOCK_SHARED, t) per target t,
 *     an MPI_Rget and MPI_Test polling with local work in between, inside
 *     the lock, then MPI_Win_unlock.
 *   - A leader election: every rank tries MPI_Compare_and_swap (0 to its
 *     rank + 1) on one word of rank 0 in a lock_all epoch, completes it
 *     with MPI_Win_flush; the one that fetched 0 won and accumulates into a
 *     counter (exactly one winner, checked).
 * Values are checked.  Silent, runs clean.
 *
 * description: one-sided all-gather: MPI_Rget per peer in a struct array of requests, MPI_Waitall inside lock_all; per-target shared lock with Rget + MPI_Test polling; MPI_Compare_and_swap leader election from every rank on one word: silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define B 10

struct fetch {
  int peer;
  MPI_Request req;
};

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  /* [0] lock word, [1] counter, [2..2+B) the block */
  int *mem = malloc((2 + B) * sizeof *mem);
  mem[0] = 0;
  mem[1] = 0;
  for (int i = 0; i < B; i++)
    mem[2 + i] = rank * 100 + i;
  MPI_Win win;
  MPI_Win_create(mem, (2 + B) * sizeof *mem, sizeof *mem, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);

  int *all = malloc(nprocs * B * sizeof *all);
  struct fetch *f = malloc(nprocs * sizeof *f);
  int nf = 0;
  for (int i = 0; i < B; i++)
    all[rank * B + i] = mem[2 + i];

  MPI_Win_lock_all(0, win);
  for (int p = 0; p < nprocs; p++) {
    if (p == rank)
      continue;
    f[nf].peer = p;
    MPI_Rget(&all[p * B], B, MPI_INT, p, 2, B, MPI_INT, win, &f[nf].req);
    nf++;
  }
  MPI_Request *reqs = malloc((nf + 1) * sizeof *reqs);
  for (int k = 0; k < nf; k++)
    reqs[k] = f[k].req;
  MPI_Waitall(nf, reqs, MPI_STATUSES_IGNORE);
  long checksum = 0;
  for (int i = 0; i < nprocs * B; i++)
    checksum += all[i];
  MPI_Win_unlock_all(win);
  long expect = 0;
  for (int p = 0; p < nprocs; p++)
    for (int i = 0; i < B; i++)
      expect += p * 100 + i;
  if (checksum != expect)
    errors++;

  for (int k = 0; k < nprocs; k++) {
    int t = (rank + k) % nprocs, first = -1, flag = 0;
    double work = 0.0;
    MPI_Request rq;
    MPI_Win_lock(MPI_LOCK_SHARED, t, 0, win);
    MPI_Rget(&first, 1, MPI_INT, t, 2, 1, MPI_INT, win, &rq);
    while (!flag) {
      MPI_Test(&rq, &flag, MPI_STATUS_IGNORE);
      for (int j = 0; j < 100; j++)
        work += j;
    }
    MPI_Win_unlock(t, win);
    if (first != t * 100 || work < 0.0)
      errors++;
  }

  /* leader election: one MPI_Compare_and_swap per rank on rank 0's word
   * [0] (0 -> rank + 1); the fetched value says who won */
  int zero = 0, mine = rank + 1, seen = -1, inc = 1, won, winners;
  MPI_Win_lock_all(0, win);
  MPI_Compare_and_swap(&mine, &zero, &seen, MPI_INT, 0, 0, win);
  MPI_Win_flush(0, win);
  won = seen == 0;
  if (won)
    MPI_Accumulate(&inc, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_unlock_all(win);
  MPI_Allreduce(&won, &winners, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (winners != 1)
    errors++;

  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    if (mem[1] != 1 || mem[0] < 1 || mem[0] > nprocs)
      errors++;
    MPI_Win_unlock(0, win);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  free(reqs);
  free(f);
  free(all);
  free(mem);

  int sum;
  MPI_Allreduce(&errors, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (sum) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", sum);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
