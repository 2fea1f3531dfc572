/* Value flow, uniform: a step count read by rank 0 and broadcast.
 *
 * Correct: rank 0 alone decides the number of steps (from the command
 * line or a file); MPI_Bcast gives it to everybody before the loop, so
 * after the broadcast it is the same on every process (flow-sensitive:
 * before it, it was not).  A static helper broadcasts the time step
 * through a pointer, and the loop's collectives run the same number of
 * times everywhere: no warning.
 *
 * description: value flow: a step count broadcast by MPI_Bcast bounds a loop of collectives: no warning, runs
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void share(double *value, MPI_Comm comm)
{
  MPI_Bcast(value, 1, MPI_DOUBLE, 0, comm);
}

int main(int argc, char **argv)
{
  int rank, steps = 0, step;
  double dt = 0.0, energy = 1.0, total = 0.0;
  FILE *input;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    steps = argc > 1 ? atoi(argv[1]) : 4;
    if ((input = fopen("parcoach_errbench_steps.txt", "r")) != NULL) {
      if (fscanf(input, "%d", &steps) != 1)
        steps = 4;
      fclose(input);
    }
    dt = 0.5;
  }
  MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  share(&dt, MPI_COMM_WORLD);
  for (step = 0; step < steps; step++) {
    energy *= 1.0 - dt / 10.0;
    MPI_Allreduce(&energy, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (dt > 0.25)
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("%d steps, total %g\n", steps, total);
  MPI_Finalize();
  return 0;
}
