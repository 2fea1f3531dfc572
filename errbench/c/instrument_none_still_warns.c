/* The same error as demo_mismatch.c, compiled with
 * -fplugin-arg-parcoach-instrument=none: the compile-time diagnostics must
 * not change (warning at the barrier of line 21, note at the `if' of line
 * 20), but no run-time check is inserted (no "run-time check inserted"
 * note).  Not run: without checks it would deadlock.
 *
 * description: instrument=none: same warnings, no instrumentation
 * plugin-args: instrument=none
 * expect-warning: 21 collective-mismatch
 * expect-conditional: 20
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, one = 1, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
