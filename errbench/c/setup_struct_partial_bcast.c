/* Twin of correct/setup_struct_bcast_pointer.c: the broadcast covers the
 * first field only (sizeof (int) bytes), so output_every keeps rank 0's
 * value on rank 0 and an unset one elsewhere (here 1): the barrier under
 * `step % p.output_every == 0' is not reached by every process at the
 * same step.  Warned; the run stops.
 *
 * description: a struct broadcast through a pointer parameter for its first field only, a barrier tested on another field
 * expect-warning: 42 collective-mismatch
 * expect-conditional: 41
 * expect-run: 2 stop
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
  p->output_every = 1;
  if (rank == 0) {
    p->steps = 4;
    p->tolerance = 1e-3;
    p->output_every = 2;
  }
  MPI_Bcast(p, sizeof(int), MPI_BYTE, 0, comm);
}

int main(int argc, char **argv) {
  parameters_t p;
  int rank;
  double residual = 1.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  read_parameters(&p, MPI_COMM_WORLD);
  for (int step = 0; step < 4; step++) {
    if (step % p.output_every == 0)
      MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("residual %g\n", residual);
  MPI_Finalize();
  return 0;
}
