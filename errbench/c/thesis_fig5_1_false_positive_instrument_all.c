/* Thesis figure 5.1 again, compiled with -fplugin-arg-parcoach-instrument=all.
 *
 * The program is correct (see thesis_fig5_1_false_positive.c): no warning,
 * and the run-time checks that instrument=all puts before every collective
 * must let it run to the end.
 *
 * description: thesis fig. 5.1 with instrument=all: no warning, every collective checked, runs fine
 * plugin-args: instrument=all
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
