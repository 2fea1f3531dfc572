/* Twin of context_init_fields: the barrier of line 12 is guarded by the
   context's rank (line 11), which context_init (context.c) leaves
   differing between processes. */
#include "context.h"

int main(int argc, char **argv)
{
  context_t ctx;
  MPI_Init(&argc, &argv);
  context_init(&ctx, MPI_COMM_WORLD);
  if (ctx.rank < ctx.nprocs - 1)
    MPI_Barrier(ctx.comm); /* BUG: the last rank skips it */
  context_free(&ctx);
  MPI_Finalize();
  return 0;
}
