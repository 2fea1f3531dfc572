/* Erroneous twin of correct/leaders_context_pointer.c: under the test
 * `ctx->leaders != MPI_COMM_NULL', a barrier on ctx->world, which the
 * processes outside the leaders' communicator never call.  The test
 * separates non-members of ctx->leaders only: it still counts for a
 * collective on another communicator.  With 2 or 3 processes rank 1 is
 * no leader and skips the barrier: the check before it stops the run.
 *
 * description: MPI_Barrier on ctx->world under `ctx->leaders != MPI_COMM_NULL' in a function taking the context by pointer: warned, stops with 2 processes
 * expect-warning: 36 collective-mismatch
 * expect-conditional: 34
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

struct context {
  MPI_Comm world, leaders;
  int rank, size;
};

void ctx_setup(struct context *ctx, MPI_Comm world)
{
  ctx->world = world;
  MPI_Comm_rank(world, &ctx->rank);
  MPI_Comm_size(world, &ctx->size);
  MPI_Comm_split(world, ctx->rank % 2 == 0 ? 0 : MPI_UNDEFINED, ctx->rank, &ctx->leaders);
}

double leaders_sum(struct context *ctx, double value)
{
  double sum = 0.0;
  if (ctx->leaders != MPI_COMM_NULL) {
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, ctx->leaders);
    MPI_Barrier(ctx->world);
  }
  return sum;
}

int main(int argc, char **argv)
{
  struct context ctx;
  MPI_Init(&argc, &argv);
  ctx_setup(&ctx, MPI_COMM_WORLD);
  double sum = leaders_sum(&ctx, 1.0);
  if (ctx.rank == 0)
    printf("sum %g\n", sum);
  if (ctx.leaders != MPI_COMM_NULL)
    MPI_Comm_free(&ctx.leaders);
  MPI_Finalize();
  return 0;
}
