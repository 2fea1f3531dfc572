/* Thesis figure 5.2 again, compiled with -fplugin-arg-parcoach-instrument=all.
 *
 * What is wrong: only the even ranks call f, and f calls MPI_Barrier (see
 * thesis_fig5_2_false_negative.c).  The same warning at the call of f; every
 * collective is checked, and the program stops instead of deadlocking.
 *
 * description: thesis fig. 5.2 with instrument=all: warning at the call, the run-time checks stop the program
 * plugin-args: instrument=all
 * expect-warning: 28 collective-mismatch
 * expect-conditional: 27
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
