/* Pure MPI: defensive guards that are true on every process.  A rank
 * always lies in [0, size) of its communicator (MPI 4.0, section 6.4.1), so
 * `rank >= 0', `rank < size', `rank <= size - 1' and `size > 0' hold
 * everywhere when rank and size come from the same communicator; the
 * collectives under them run on every process.  (Codes write such tests
 * around buffers indexed by the rank; this pattern alone makes many
 * correct programs of a well-known MPI correctness benchmark warn.)  The
 * same on a duplicate communicator.  Nothing to warn, nothing to stop.
 *
 * description: pure MPI: collectives under if (rank >= 0), if (rank < size), if (size > 0), on COMM_WORLD and a duplicate
 * expect-run: 1 ok
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int check_slot(MPI_Comm comm, int *table)
{
  int rank, size, total = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank < size) {
    table[rank] = rank + 1;
    MPI_Allreduce(MPI_IN_PLACE, table, size, MPI_INT, MPI_SUM, comm);
  }
  if (rank >= 0 && size > 0)
    MPI_Barrier(comm);
  if (rank <= size - 1)
    MPI_Allreduce(&table[rank], &total, 1, MPI_INT, MPI_SUM, comm);
  return total;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Comm dup;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *table = calloc(size, sizeof *table);

  if (rank >= 0) {
    int root_value = rank == 0 ? 42 : 0;
    MPI_Bcast(&root_value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (root_value != 42)
      MPI_Abort(MPI_COMM_WORLD, 3);
  }
  int total = check_slot(MPI_COMM_WORLD, table);

  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  for (int i = 0; i < size; i++)
    table[i] = 0;
  int total_dup = check_slot(dup, table);
  MPI_Comm_free(&dup);

  /* after the first reduction table[r] = r + 1 everywhere; the second
     sums each process's own slot */
  int expected = size * (size + 1) / 2;
  if (total != expected || total_dup != expected) {
    fprintf(stderr, "rank %d: %d %d, expected %d\n", rank, total, total_dup, expected);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  free(table);
  MPI_Finalize();
  return 0;
}
