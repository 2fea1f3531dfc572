/* Thesis figure 5.2: the false negative of the thesis' intra-procedural
 * analysis, which PARCOACH now catches.
 *
 * What is wrong: only the even ranks call f, and f calls MPI_Barrier; the
 * odd ranks go straight to MPI_Finalize.  The `if' of line 37 decides
 * whether a process calls the barrier, but the barrier is in another
 * function.
 *
 * Analysed one function at a time (-fplugin-arg-parcoach-thesis), f calls
 * its barrier unconditionally and main's only collective, MPI_Finalize, is
 * called by every process: no warning.  With the summaries of the unit, the
 * call to f counts as a barrier on one branch only: a warning at the call
 * (line 38) with a note at the `if'.  main is then checked: rank 0 checks
 * before f's barrier (its dormant check comes alive inside main) while
 * rank 1 checks before MPI_Finalize, and the program stops instead of
 * deadlocking.
 *
 * description: thesis fig. 5.2: the barrier skipped by some ranks is in a callee: warning at the call, stops
 * expect-warning: 38 collective-mismatch
 * expect-conditional: 37
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

void f(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2 == 0)
    f();  /* BUG: the odd ranks never call the barrier in f */
  MPI_Finalize();
  return 0;
}
