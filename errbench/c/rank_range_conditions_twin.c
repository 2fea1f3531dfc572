/* The erroneous twin of rank_range_conditions_correct.c: the same helpers
 * and shapes, but the conditions are not decided by the range of ranks.
 *
 * What is wrong: `rank >= 1' is false on rank 0 only, so rank 0 skips the
 * MPI_Barrier of line 42 and meets the others' MPI_Allreduce of line 32
 * with its own.  `rank - 1 >= 0' (line 32's call passes rank - 1, a value
 * computed from the rank, not the rank) is false on rank 0 too.  Both
 * conditions are blamed; the run-time check stops the program at the
 * first disagreement.
 *
 * description: twin of rank_range_conditions_correct.c with `rank >= 1' and `rank - 1 >= 0': warned, stops
 * expect-warning: 42 collective-mismatch
 * expect-warning: 32 collective-mismatch
 * expect-conditional: 41
 * expect-conditional: 31
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int my_rank(void)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

static void check_rank(int rank, int *sum)
{
  if (rank >= 0)
    MPI_Allreduce(MPI_IN_PLACE, sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank, sum = 1;

  MPI_Init(&argc, &argv);
  rank = my_rank();
  if (rank >= 1)  /* BUG: false on rank 0 */
    MPI_Barrier(MPI_COMM_WORLD);
  check_rank(rank - 1, &sum);  /* BUG: rank 0 passes -1 */
  MPI_Finalize();
  return 0;
}
