/* A collective in a loop whose trip count depends on the rank.
 *
 * What is wrong: rank r calls MPI_Allreduce r + 1 times.  The collective
 * is in a loop, so it is flagged with the loop's exit conditional (line
 * 22).  At run time the first iteration matches on every rank; then
 * rank 0 leaves the function while rank 1 is about to call MPI_Allreduce a
 * second time: the program stops.
 *
 * description: MPI_Allreduce in a loop running rank + 1 times
 * expect-warning: 23 collective-mismatch
 * expect-conditional: 22
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

double accumulate(int rank)
{
  double x = 1.0, sum = 0.0;
  int i;

  for (i = 0; i <= rank; i++)
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return sum;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  accumulate(rank);
  MPI_Finalize();
  return 0;
}
