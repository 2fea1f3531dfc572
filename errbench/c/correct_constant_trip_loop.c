/* Correct: a collective in a loop with a constant trip count.
 *
 * Every process runs the loop of line 23 three times, so the
 * MPI_Allreduce is called three times everywhere.  The thesis' control-flow
 * analysis does not count iterations and flags the call ("whenever a
 * function contains a collective in a loop, the function is considered as
 * incorrect"; -fplugin-arg-parcoach-thesis still does).  The value flow
 * proves the loop's exit test depends only on constants: no warning, no
 * check.  With -fplugin-arg-parcoach-verbose a note at line 23 says so.
 *
 * description: MPI_Allreduce in a loop with a constant trip count: no warning, runs fine
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

double smooth(double x)
{
  double sum = 0.0;
  int i;

  for (i = 0; i < 3; i++) {
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    x = 0.5 * (x + sum);
  }
  return x;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d: %g\n", rank, smooth(rank));
  MPI_Finalize();
  return 0;
}
