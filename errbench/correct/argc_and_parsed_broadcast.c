/* Pure MPI, mini-app style set-up: options from the argument count that
 * every process parses (mpiexec gives every process of the launch the
 * same arguments, MPI 4.0 section 11.5), and a parameter text that rank 0
 * composes and broadcasts whole, then every process converts with atoi
 * and strtod (functions of the text alone).  The loops and tests built on
 * them run alike everywhere.  Nothing to warn, nothing to stop.
 *
 * description: pure MPI: tests on argc parsed by every process, a parameter text broadcast then converted with atoi/strtod on every process
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  int rank, size;
  char text[64];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int verbose = argc > 1;

  memset(text, 0, sizeof text);
  if (rank == 0)
  {
    snprintf(text, 32, "%d", 4 + size);
    snprintf(text + 32, 32, "%g", 0.25);
  }
  MPI_Bcast(text, (int)sizeof text, MPI_CHAR, 0, MPI_COMM_WORLD);
  int steps = atoi(text);
  double tolerance = strtod(text + 32, NULL);

  double error = 1.0;
  for (int step = 0; step < steps; step++) {
    double local = error / (rank + 2), global;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    error = global;
    if (verbose)
      MPI_Barrier(MPI_COMM_WORLD);
    if (error < tolerance)
      MPI_Bcast(&error, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("steps %d, error %g\n", steps, error);
  MPI_Finalize();
  return 0;
}
