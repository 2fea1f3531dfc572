/* Erroneous twin of comm_null_test_correct.c: under the same tests against
 * MPI_COMM_NULL, collectives on MPI_COMM_WORLD, which the processes outside
 * `sub' never call.  The tests separate non-members of `sub' only: they
 * still count for every collective on another communicator.
 *
 * In pair_sum, the MPI_Barrier on MPI_COMM_WORLD (line 33) is blamed on
 * the `if' of line 31; the MPI_Allreduce and MPI_Comm_free on `sub' are
 * not.  In pair_barrier, the MPI_Barrier on MPI_COMM_WORLD after the early
 * return (line 47) is blamed on the `if' of line 44, the one on `sub'
 * (line 46) is not.  With 3 processes rank 2 skips the first world barrier: the check
 * before it stops the run.  With 2 or 1, every process is a member.
 *
 * description: MPI_Barrier on MPI_COMM_WORLD under `sub != MPI_COMM_NULL' and after `if (sub == MPI_COMM_NULL) return': warned, stops with 3 processes
 * expect-warning: 33 collective-mismatch
 * expect-warning: 47 collective-mismatch
 * expect-conditional: 31
 * expect-conditional: 44
 * expect-run: 3 stop
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int pair_sum(int rank)
{
  MPI_Comm sub;
  int sum = -1;

  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub != MPI_COMM_NULL) {
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Comm_free(&sub);
  }
  return sum;
}

static void pair_barrier(int rank)
{
  MPI_Comm sub;

  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub == MPI_COMM_NULL)
    return;
  MPI_Barrier(sub);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&sub);
}

int main(int argc, char **argv)
{
  int rank, sum;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sum = pair_sum(rank);
  pair_barrier(rank);
  if (rank < 2)
    printf("rank %d: sum = %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
