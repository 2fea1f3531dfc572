/* Correct: a dynamic window whose memory is attached after creation, as
 * distributed data structures (hash tables, task queues) do it.
 *   - MPI_Win_create_dynamic, then each rank mallocs its shard (a
 *     counter and a table), attaches it with MPI_Win_attach, and shares
 *     the addresses of both fields (MPI_Get_address) with MPI_Allgather;
 *   - in one MPI_Win_lock_all epoch each rank grabs a unique index from
 *     rank 0's counter with MPI_Fetch_and_op (MPI_SUM), completes it with
 *     MPI_Win_flush, and puts its record at that index of the table on
 *     rank 0 (the displacement is the attached address plus an offset);
 *     it also writes into its right neighbour's table with MPI_Rput and
 *     MPI_Wait, inside the epoch;
 *   - MPI_Win_unlock_all, a barrier, then rank 0 checks that every index
 *     was taken exactly once, and every rank checks what its left
 *     neighbour wrote; memory is detached before MPI_Win_free.
 * Silent, runs clean.  The runs use UCX_TLS=self,tcp: Open MPI 4.1's UCX
 * one-sided component over UCX's shared-memory transport crashes on this
 * dynamic window in about half of the runs here (mm_posix.c: "open
 * ucx_shm_posix failed", then SIGSEGV), without PARCOACH too; with TCP,
 * or OMPI_MCA_osc=pt2pt, it runs clean.
 *
 * description: MPI_Win_create_dynamic + MPI_Win_attach of a malloc'd shard, addresses allgathered; lock_all epoch with MPI_Fetch_and_op on one counter from every rank, flush, put at the fetched index, Rput + MPI_Wait to a neighbour; detach before free: silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok UCX_TLS=self,tcp
 * expect-run: 3 ok UCX_TLS=self,tcp
 * expect-run: 4 ok UCX_TLS=self,tcp
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TABLE 16

struct shard {
  int counter;
  int table[TABLE];
};

struct addresses {
  MPI_Aint table;
  MPI_Aint counter;
};

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  MPI_Win win;
  MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);

  struct shard *shard = malloc(sizeof *shard);
  int *table = shard->table, *counter = &shard->counter;
  for (int i = 0; i < TABLE; i++)
    table[i] = -1;
  *counter = 0;
  MPI_Win_attach(win, shard, sizeof *shard);

  struct addresses mine, *all = malloc(nprocs * sizeof *all);
  MPI_Get_address(table, &mine.table);
  MPI_Get_address(counter, &mine.counter);
  MPI_Allgather(&mine, 2, MPI_AINT, all, 2, MPI_AINT, MPI_COMM_WORLD);

  int one = 1, slot = -1, record = 500 + rank, note = 900 + rank;
  MPI_Win_lock_all(0, win);
  MPI_Fetch_and_op(&one, &slot, MPI_INT, 0, all[0].counter, MPI_SUM, win);
  MPI_Win_flush(0, win);
  if (slot < 0 || slot >= nprocs) {
    errors++;
  } else {
    MPI_Aint disp = MPI_Aint_add(all[0].table, (MPI_Aint)(slot * sizeof(int)));
    MPI_Put(&record, 1, MPI_INT, 0, disp, 1, MPI_INT, win);
  }
  MPI_Request rq;
  MPI_Aint ndisp =
      MPI_Aint_add(all[right].table, (MPI_Aint)((TABLE - 1) * sizeof(int)));
  MPI_Rput(&note, 1, MPI_INT, right, ndisp, 1, MPI_INT, win, &rq);
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  MPI_Win_unlock_all(win);

  MPI_Barrier(MPI_COMM_WORLD);

  MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win);
  if (rank == 0) {
    int seen[64] = {0};
    if (*counter != nprocs)
      errors++;
    for (int i = 0; i < nprocs; i++) {
      int r = table[i] - 500;
      if (r < 0 || r >= nprocs || seen[r]++)
        errors++;
    }
  }
  if (table[TABLE - 1] != 900 + left)
    errors++;
  MPI_Win_unlock(rank, win);

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_detach(win, shard);
  MPI_Win_free(&win);
  free(all);
  free(shard);

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
