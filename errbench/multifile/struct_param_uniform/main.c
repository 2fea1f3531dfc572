/* The same settings on every process, passed by address to solve()
   (solver.c). */
#include <stdio.h>
#include "settings.h"

int main(int argc, char **argv)
{
  int rank, sweeps;
  double x = 1.0;
  settings_t s = {40, 1e-6};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  sweeps = solve(MPI_COMM_WORLD, &s, &x);
  if (rank == 0)
    printf("%d sweeps\n", sweeps);
  MPI_Finalize();
  return sweeps > 0 ? 0 : 1;
}
