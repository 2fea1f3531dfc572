/* Value flow, uniform: a convergence loop on an allreduced residual.
 *
 * Correct: the usual iterate-until-converged loop.  The residual that
 * decides whether to go on is the result of MPI_Allreduce (in a static
 * helper), the same on every process; the tolerance is broadcast; the
 * iteration limit is a constant.  Every process runs the same number of
 * iterations: no warning (the thesis' control-flow analysis flags the
 * loop).
 *
 * description: value flow: while (allreduced residual > broadcast tolerance): no warning, runs
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static double global_norm(double local, MPI_Comm comm)
{
  double global = 0.0;

  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm);
  return global;
}

int main(int argc, char **argv)
{
  int rank, iterations = 0;
  double tolerance = 0.0, local, residual;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    tolerance = 1e-3;
  MPI_Bcast(&tolerance, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  local = 1.0 + rank; /* differs between processes ... */
  residual = global_norm(local, MPI_COMM_WORLD); /* ... its maximum does not */
  while (residual > tolerance && iterations < 1000) {
    local *= 0.5;
    residual = global_norm(local, MPI_COMM_WORLD);
    iterations++;
  }
  if (rank == 0)
    printf("converged after %d iterations\n", iterations);
  MPI_Finalize();
  return 0;
}
