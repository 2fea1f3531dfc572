/* Correct: a collective under a condition that is the same on every
 * process, because it comes from an MPI_Allreduce ("does any rank need a
 * synchronisation?").
 *
 * The thesis' control-flow analysis flags the MPI_Barrier of line 26
 * because of the `if' of line 25, and suggests a data-flow analysis (thesis
 * section 5.3) to remove such warnings.  PARCOACH's value flow proves that
 * `any' is the MPI_Allreduce result, the same everywhere: no warning, and
 * no run-time check.
 *
 * description: collective under a condition made uniform by an MPI_Allreduce: no warning, runs fine
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, flag, any = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  flag = (rank == 1);   /* rank-dependent ... */
  MPI_Allreduce(&flag, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (any)              /* ... but `any' is the same everywhere */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
