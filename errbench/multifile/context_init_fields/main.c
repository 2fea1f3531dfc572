/* The time loop runs on the context's step count, a reduction of the
   residual ends it early, and a halo phase runs only when there are
   several processes: all fields the same everywhere, beside the rank. */
#include <stdio.h>
#include "context.h"

int main(int argc, char **argv)
{
  context_t ctx;
  double local, residual = 1.0;
  MPI_Init(&argc, &argv);
  context_init(&ctx, MPI_COMM_WORLD);
  for (int step = 0; step < ctx.nsteps && residual > ctx.tol; step++) {
    local = 1.0 / (step + ctx.rank + 1);
    MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_MAX, ctx.comm);
    if (ctx.nprocs > 1)
      MPI_Barrier(ctx.comm);
  }
  if (ctx.rank == 0)
    printf("residual %.3f on %d processes\n", residual, ctx.nprocs);
  context_free(&ctx);
  MPI_Finalize();
  return 0;
}
