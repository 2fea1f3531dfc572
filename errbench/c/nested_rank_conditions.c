/* A collective under two nested conditionals: both are responsible.
 *
 * What is wrong: only the odd ranks greater than 0 (1, 3, ...) call
 * MPI_Allreduce.  PDF(allreduce) = {inner if}, PDF(inner if) = {outer if}:
 * the warning names both lines ("conditionals at lines 22, 23") and each
 * gets a note.
 *
 * description: MPI_Allreduce under two nested rank-dependent ifs: two conditionals blamed
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 22
 * expect-conditional: 23
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int count_odd(int rank)
{
  int one = 1, count = 0;

  if (rank > 0)
    if (rank % 2 == 1)
      MPI_Allreduce(&one, &count, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return count;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  count_odd(rank);
  MPI_Finalize();
  return 0;
}
