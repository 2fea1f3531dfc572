/* Correct: the usual iterate-until-converged loop.  The loop condition uses
 * the result of an MPI_Allreduce, which is the same on every process, so
 * every process runs the same number of iterations.
 *
 * The thesis' control-flow analysis flags the MPI_Allreduce in the loop
 * with the loop's exit conditional (line 26).  The value flow proves that
 * conditional uniform: the error is an MPI_Allreduce result and the
 * tolerance is broadcast by the MPI_Bcast before the loop.  No warning.
 *
 * description: while (global error > tol) loop around MPI_Allreduce: proved uniform, no warning, runs fine
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int solve(int rank)
{
  double tolerance = 0.0, local, error = 1.0;
  int iterations = 0;

  if (rank == 0)
    tolerance = 1e-3;
  MPI_Bcast(&tolerance, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  local = 1.0 + rank;
  while (error > tolerance) {
    local *= 0.5;
    MPI_Allreduce(&local, &error, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    iterations++;
  }
  return iterations;
}

int main(int argc, char **argv)
{
  int rank, n;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  n = solve(rank);
  if (rank == 0)
    printf("converged after %d iterations\n", n);
  MPI_Finalize();
  return 0;
}
