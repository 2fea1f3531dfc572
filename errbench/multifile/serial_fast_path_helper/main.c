#include <mpi.h>
#include <stdio.h>

double global_max(double local);
double global_min(double local);

int main(int argc, char **argv) {
  int rank, it = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double x = rank + 1.0, dt = 0.1 * (rank + 1);
  while (global_max(x) > 0.01) {
    x *= 0.5;
    if (global_min(dt) < 0.15)
      MPI_Barrier(MPI_COMM_WORLD);
    it++;
  }
  if (rank == 0)
    printf("%d iterations\n", it);
  MPI_Finalize();
  return 0;
}
