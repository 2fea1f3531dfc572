/* Correct: a collective in a loop with a constant trip count.
 *
 * Every process runs the loop of line 24 three times, so the
 * MPI_Allreduce is called three times everywhere.  The analysis does not
 * count iterations and conservatively flags the call (thesis: "whenever a
 * function contains a collective in a loop, the function is considered as
 * incorrect").  The run-time checks find all processes agreeing at each
 * iteration and at the return: the program runs to the end.
 *
 * description: MPI_Allreduce in a loop with a constant trip count: conservative warning, runs fine
 * expect-warning: 25 collective-mismatch
 * expect-conditional: 24
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
