#include <mpi.h>
#include <stdio.h>

void read_input(MPI_Comm comm, int *steps, double *tolerance, int *nprocs);

int main(int argc, char **argv)
{
  int steps = 0, nprocs = 1;
  double tolerance, residual = 1;
  MPI_Init(&argc, &argv);
  read_input(MPI_COMM_WORLD, &steps, &tolerance, &nprocs);
  for (int s = 0; s < steps; s++) {
    double local = residual / (s + 2), global;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    residual = global;
    if (residual < tolerance)
      break;
  }
  if (nprocs > 1)
    MPI_Barrier(MPI_COMM_WORLD);
  printf("residual %g\n", residual);
  MPI_Finalize();
  return 0;
}
