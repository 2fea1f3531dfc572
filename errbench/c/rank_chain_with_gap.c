/* The erroneous twin of correct/rank_chain_fixed_size.c: the chain of rank
 * tests names ranks 0, 1 and 3, so its author runs at least 4 processes,
 * and rank 2 leaves the chain without the MPI_Allreduce the others call.
 * Warned at the call (the first of the chain's branches), blamed on the
 * three tests; the 4-process run is stopped.
 *
 * description: if (rank == 0) .. else if (rank == 1) .. else if (rank == 3): rank 2 skips the MPI_Allreduce
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 25
 * expect-conditional: 27
 * expect-conditional: 29
 * expect-run: 4 stop
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, value, sum = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = rank + 1;

  if (rank == 0)
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  else if (rank == 1)
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  else if (rank == 3)
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

  printf("rank %d: sum %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
