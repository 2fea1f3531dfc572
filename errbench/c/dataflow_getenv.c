/* Value flow, source: the environment.
 *
 * What is wrong: each process reads its own environment; a launcher may
 * give processes different ones (MPMD, per-node settings), so the extra
 * barrier may run on some processes only.  Where the variable is unset
 * everywhere (the runs below), every process skips it: the program runs.
 *
 * description: value flow: getenv guards a barrier: warning, runs when the variable is unset
 * expect-warning: 27 collective-mismatch
 * expect-conditional: 26
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  const char *sync;
  int one = 1, total = 0;

  MPI_Init(&argc, &argv);
  sync = getenv("PARCOACH_ERRBENCH_EXTRA_SYNC");
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  total = 0;
  if (sync != NULL)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: per-process environment */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
