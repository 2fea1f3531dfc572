/* An early return taken by some ranks only.
 *
 * What is wrong: the last rank returns before the collectives ("nothing to
 * send"), the others call MPI_Barrier and MPI_Allreduce.  Both collectives
 * may be skipped because of the `if' of line 22: both are flagged, as one
 * cause, in one warning at the first (its path names both).  At run
 * time the check before the barrier on the other ranks meets the check
 * before the early return on the last rank: the program stops.
 *
 * description: the last rank returns early, before MPI_Barrier and MPI_Allreduce
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 22
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int exchange(int rank, int size)
{
  int mine = rank, total = 0;

  if (rank == size - 1 && size > 1)
    return 0;  /* BUG: leaves before the collectives the others call */
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

int main(int argc, char **argv)
{
  int rank, size;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  exchange(rank, size);
  MPI_Finalize();
  return 0;
}
