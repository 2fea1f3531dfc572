#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int alloc_field(MPI_Comm comm, int n, double **x);

int main(int argc, char **argv)
{
  double *x;
  MPI_Init(&argc, &argv);
  if (alloc_field(MPI_COMM_WORLD, 100, &x) != 0) {
    MPI_Finalize();
    return 1;
  }
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x[0] = rank;
  double sum;
  MPI_Allreduce(x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum of ranks %g\n", sum);
  free(x);
  MPI_Finalize();
  return 0;
}
