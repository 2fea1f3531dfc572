/* Rank 0 alone sets the parameters (from the command line when given),
   share_params (params.c) broadcasts them, and every process runs the
   same loop of reductions. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include "params.h"

int main(int argc, char **argv)
{
  int rank;
  params_t params;
  double energy = 0.0, total;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    params.nsteps = argc > 1 ? atoi(argv[1]) : 5;
    params.output_every = 2;
    params.dt = 0.1;
  }
  share_params(&params);
  for (int step = 1; step <= params.nsteps; step++) {
    energy += params.dt * (rank + 1);
    if (step % params.output_every == 0) {
      MPI_Allreduce(&energy, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      if (rank == 0)
        printf("step %d energy %.2f\n", step, total);
    }
  }
  MPI_Finalize();
  return 0;
}
