/* Origin buffers of RMA operations touched only where MPI allows it, in
 * code the plugin fills with run-time buffer checks.
 *
 * Correct (MPI-3.1 11.3, 11.5): a fence halo exchange reads its put
 * origin buffers while the puts are pending (reading is allowed) and
 * rewrites them only after the closing fence; a lock_all counter reads the
 * result of MPI_Fetch_and_op after MPI_Win_flush; a get's result is read
 * after MPI_Win_flush_local, its buffer refilled and put after the
 * unlock_all; an accumulate's origin is read while pending.  Silent and
 * clean, also under the nasty schedule (operations delayed to the
 * synchronization, reverse order).
 *
 * description: fence halo, lock_all counter, flush_local get: origin buffers touched only when allowed, under run-time buffer checks
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 3 ok PARCOACH_NASTY=1
 * expect-run: 2 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=gets-first
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

int main(int argc, char **argv)
{
  int rank, size, left, right, i, step, errors = 0;
  double *edge = malloc(2 * sizeof *edge), ghost[2] = {0, 0}, check = 0;
  int counter = 0, one = 1, *ticket = malloc(sizeof *ticket), *peek = malloc(sizeof *peek);
  MPI_Win halo, count;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = (rank + size - 1) % size;
  right = (rank + 1) % size;
  MPI_Win_create(ghost, sizeof ghost, sizeof ghost[0], MPI_INFO_NULL, MPI_COMM_WORLD, &halo);
  MPI_Win_create(&counter, sizeof counter, sizeof counter, MPI_INFO_NULL, MPI_COMM_WORLD,
                 &count);

  /* fence halo exchange */
  MPI_Win_fence(MPI_MODE_NOPRECEDE, halo);
  for (step = 0; step < 3; step++) {
    edge[0] = rank + step;      /* after the fence: free */
    edge[1] = rank + step + 0.5;
    MPI_Put(&edge[0], 1, MPI_DOUBLE, left, 1, 1, MPI_DOUBLE, halo);
    MPI_Put(&edge[1], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, halo);
    check += edge[0] + edge[1]; /* reading a pending origin: allowed */
    MPI_Win_fence(0, halo);
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, halo);
  /* the last step's values (reading the window between fences would race
     with the neighbours' next puts) */
  if (ghost[0] != left + 2.5 || ghost[1] != right + 2)
    errors++;

  /* passive-target counter on rank 0 */
  MPI_Win_lock_all(0, count);
  MPI_Fetch_and_op(&one, ticket, MPI_INT, 0, 0, MPI_SUM, count);
  MPI_Win_flush(0, count);
  if (*ticket < 0 || *ticket > size) /* complete after the flush; the accumulate of rank 0's left neighbour may come first */
    errors++;
  MPI_Accumulate(&one, 1, MPI_INT, right, 0, 1, MPI_INT, MPI_SUM, count);
  if (one != 1) /* reading an accumulate's pending origin: allowed */
    errors++;
  MPI_Win_flush_all(count);
  MPI_Get(peek, 1, MPI_INT, left, 0, 1, MPI_INT, count);
  MPI_Win_flush_local(left, count);
  if (*peek < 0) /* complete at the origin after flush_local */
    errors++;
  *peek = 0;
  MPI_Win_unlock_all(count);

  if (errors || check != check) {
    fprintf(stderr, "rank %d: %d wrong values\n", rank, errors);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Win_free(&count);
  MPI_Win_free(&halo);
  free(edge);
  free(ticket);
  free(peek);
  MPI_Finalize();
  return 0;
}
