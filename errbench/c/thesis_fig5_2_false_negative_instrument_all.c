/* Thesis figure 5.2 again, compiled with -fplugin-arg-parcoach-instrument=all.
 *
 * What is wrong: only the even ranks call f, and f calls MPI_Barrier (see
 * thesis_fig5_2_false_negative.c).  The compiler still gives no warning
 * (the analysis is intra-procedural and the instrumentation mode does not
 * change it), but every function with a collective is now instrumented:
 * rank 0 checks before f's MPI_Barrier while rank 1 checks before
 * MPI_Finalize, and the program stops instead of deadlocking.
 *
 * description: thesis fig. 5.2 with instrument=all: no warning, but the run-time checks stop the program
 * plugin-args: instrument=all
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
