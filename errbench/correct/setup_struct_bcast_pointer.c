/* A setup routine fills a parameter struct through its pointer argument
 * on rank 0 and broadcasts the whole struct as bytes (MPI_Bcast(p,
 * sizeof *p, MPI_BYTE, ...)): afterwards every field holds rank 0's
 * value on every process (MPI-4.0 6.4), and the time loop on p.steps and
 * the test of p.tolerance are the same everywhere.  Nothing to warn,
 * nothing to stop.
 *
 * description: whole struct broadcast as MPI_BYTE through a pointer parameter in a setup routine; loops and tests on its fields in the caller: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  int steps;
  double tolerance;
  int output_every;
} parameters_t;

static void read_parameters(parameters_t *p, MPI_Comm comm) {
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    p->steps = 4;
    p->tolerance = 1e-3;
    p->output_every = 2;
  }
  MPI_Bcast(p, sizeof *p, MPI_BYTE, 0, comm);
}

int main(int argc, char **argv) {
  parameters_t p;
  int rank;
  double residual = 1.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  read_parameters(&p, MPI_COMM_WORLD);
  for (int step = 0; step < p.steps; step++) {
    double local = residual / (1.0 + rank);
    MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (step % p.output_every == 0)
      MPI_Barrier(MPI_COMM_WORLD);
    if (p.tolerance > 0.5)
      break;
  }
  if (rank == 0)
    printf("residual %g\n", residual);
  MPI_Finalize();
  return 0;
}
