/* The erroneous twin of struct_param_uniform: each process allows itself
   a number of sweeps that depends on its rank, and a tolerance no sweep
   reaches, so the processes call MPI_Allreduce (solver.c) a different
   number of times. */
#include <stdio.h>
#include "settings.h"

int main(int argc, char **argv)
{
  int rank, sweeps;
  double x = 1.0;
  settings_t s = {3, -1.0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  s.max_sweeps += rank; /* BUG: rank-dependent */
  sweeps = solve(MPI_COMM_WORLD, &s, &x);
  if (rank == 0)
    printf("%d sweeps\n", sweeps);
  MPI_Finalize();
  return 0;
}
