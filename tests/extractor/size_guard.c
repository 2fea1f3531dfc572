/* A rank test reached only where a test of the size of the same
 * communicator bounds it (`||' and `&&' lower to separate blocks, or, for
 * simple operands folded at -O2, to `(a > 1) | (b == 0)' without a
 * branch): where the size is 1 the only rank is 0.  The erroneous twins
 * (a bound of 2, another communicator, the true edge) stay blamed. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, nprocs, half_size, x = 1, y;
  MPI_Comm half;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_size(half, &half_size);
  if (nprocs > 1 || rank == 0) /* value-flow: uniform */
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (nprocs == 1 && rank == 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (nprocs < 2) { /* value-flow: uniform */
    if (rank != 0) /* value-flow: uniform */
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (!(nprocs > 2) && rank >= 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  int n = nprocs, r = rank; /* copies: GCC may fold `||' of them into `|' */
  if (n > 1 || r == 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (n == 1 && r == 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  /* Twins, nested (both conditionals of `a || b' are put on the line of
   * the `if'): still blamed. */
  if (nprocs <= 2) { /* value-flow: uniform */
    if (rank == 0) /* value-flow: rank */
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (half_size < 2) { /* value-flow: differs */
    if (rank == 0) /* value-flow: differs */
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (nprocs > 1) { /* value-flow: uniform */
    if (rank == 0) /* value-flow: rank */
      MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
