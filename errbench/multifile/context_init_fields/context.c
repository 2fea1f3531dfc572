/* A duplicate of the parent communicator, this process's rank in it and
   its size, and the run's settings, read by rank 0 and broadcast. */
#include <stdlib.h>
#include "context.h"

void context_init(context_t *ctx, MPI_Comm parent)
{
  MPI_Comm_dup(parent, &ctx->comm);
  MPI_Comm_rank(ctx->comm, &ctx->rank);
  MPI_Comm_size(ctx->comm, &ctx->nprocs);
  if (ctx->rank == 0) {
    const char *steps = getenv("NSTEPS");
    ctx->nsteps = steps ? atoi(steps) : 4;
    ctx->tol = 1e-8;
  }
  MPI_Bcast(&ctx->nsteps, 1, MPI_INT, 0, ctx->comm);
  MPI_Bcast(&ctx->tol, 1, MPI_DOUBLE, 0, ctx->comm);
}

void context_free(context_t *ctx) { MPI_Comm_free(&ctx->comm); }
