#include <mpi.h>
#include <stdio.h>

double dot(const double *x, const double *y, int n, MPI_Comm comm);
void global_max(double local, double *result, MPI_Comm comm);
int any_error(int local_error, MPI_Comm comm);

int main(int argc, char **argv) {
  int rank;
  double r[4], p[4], worst;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 4; i++)
    r[i] = p[i] = 1.0 / (1.0 + rank + i);
  int iterations = 0;
  while (dot(r, r, 4, MPI_COMM_WORLD) > 1e-6 && iterations < 50) {
    for (int i = 0; i < 4; i++)
      r[i] *= 0.5;
    iterations++;
  }
  global_max(r[0] + rank, &worst, MPI_COMM_WORLD);
  if (worst > 1.0)
    MPI_Barrier(MPI_COMM_WORLD);
  if (any_error(rank == 1 && p[0] < 0.0, MPI_COMM_WORLD))
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Bcast(&iterations, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d iterations, worst %g\n", iterations, worst);
  MPI_Finalize();
  return 0;
}
