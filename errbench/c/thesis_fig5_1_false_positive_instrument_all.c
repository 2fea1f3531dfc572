/* Thesis figure 5.1 again (a correct program), compiled with
 * -fplugin-arg-parcoach-instrument=all.
 *
 * Odd ranks call MPI_Barrier directly, even ranks call f, which calls
 * MPI_Barrier: every process calls one barrier, then MPI_Finalize.  The
 * compile-time diagnostics are those of thesis_fig5_1_false_positive.c (the
 * instrumentation mode does not change the analysis): a false-positive
 * warning at the barrier of line 40, blaming the `if' of line 39.
 *
 * With every function instrumented, the run-time checks must still let this
 * correct program run: the checks before the two barriers agree (both
 * MPI_Barrier on MPI_COMM_WORLD).  A check placed when the even ranks leave
 * f, compared with the odd ranks' check before MPI_Finalize in main, would
 * stop a correct program: f is proved correct, so a process leaving it has
 * done exactly what every process entering it does, and that exit is not a
 * point where processes must agree.
 *
 * description: thesis fig. 5.1 with instrument=all: the correct program must still run
 * plugin-args: instrument=all
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 39
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

void f(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2)
    MPI_Barrier(MPI_COMM_WORLD);
  else
    f();  /* correct: f calls MPI_Barrier too */
  printf("rank %d passed the barrier\n", rank);
  MPI_Finalize();
  return 0;
}
