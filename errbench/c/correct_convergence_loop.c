/* Correct: the usual iterate-until-converged loop.  The loop condition uses
 * the result of an MPI_Allreduce, which is the same on every process, so
 * every process runs the same number of iterations.
 *
 * The analysis cannot see that the condition is uniform: the MPI_Allreduce
 * in the loop is flagged with the loop's exit conditional (line 28); the
 * MPI_Bcast before the loop is not.  The run-time checks agree at every
 * iteration: the program runs to the end.
 *
 * description: while (global error > tol) loop around MPI_Allreduce: conservative warning, runs fine
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 28
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
