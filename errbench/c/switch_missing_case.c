/* A switch on rank % 3 where one case forgets the collective.
 *
 * What is wrong: ranks with rank % 3 == 2 take the default case, which does
 * not call MPI_Allreduce.  Both calls are flagged because of the switch of
 * line 23, one cause warned once, at the first call (the path names the
 * other).  With 3 processes, ranks 0 and 1 check before MPI_Allreduce
 * while rank 2 checks before leaving the function: the program stops.  With
 * 2 processes every rank takes a case that calls MPI_Allreduce, and the
 * run-time checks let it run.
 *
 * description: switch (rank % 3) where the default case lacks the MPI_Allreduce
 * expect-warning: 25 collective-mismatch
 * expect-conditional: 23
 * expect-run: 3 stop
 * expect-run: 2 ok
 */
#include <mpi.h>

double combine(int rank, double x)
{
  double sum = 0.0, max = 0.0;

  switch (rank % 3) {
  case 0:
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    break;
  case 1:
    MPI_Allreduce(&x, &max, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    break;
  default:
    /* BUG: forgot the MPI_Allreduce */
    break;
  }
  return sum + max;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  combine(rank, 1.0);
  MPI_Finalize();
  return 0;
}
