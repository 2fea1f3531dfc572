/* Node leaders as a library keeps them: a context struct, filled once by
 * ctx_setup, holds the world communicator and a leaders' communicator
 * (MPI_Comm_split with MPI_UNDEFINED for every process but the first of
 * each pair, so MPI_COMM_NULL there).  The functions taking the context
 * by pointer test `ctx->leaders != MPI_COMM_NULL' (or return early when
 * it is null) before their collectives on ctx->leaders: only members of
 * that communicator run them, which is what MPI asks.  The collectives on
 * ctx->world sit outside the tests.  Nothing to warn, nothing to stop.
 *
 * description: context struct by pointer, `if (ctx->leaders != MPI_COMM_NULL)' and `if (ctx->leaders == MPI_COMM_NULL) return' around collectives on ctx->leaders, static and public functions
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

struct context {
  MPI_Comm world, leaders;
  int rank, size, nleaders;
};

void ctx_setup(struct context *ctx, MPI_Comm world)
{
  ctx->world = world;
  MPI_Comm_rank(world, &ctx->rank);
  MPI_Comm_size(world, &ctx->size);
  MPI_Comm_split(world, ctx->rank % 2 == 0 ? 0 : MPI_UNDEFINED, ctx->rank, &ctx->leaders);
  ctx->nleaders = (ctx->size + 1) / 2;
}

/* Sum over the leaders, then told to every process. */
double leaders_sum(struct context *ctx, double value)
{
  double sum = 0.0;
  if (ctx->leaders != MPI_COMM_NULL)
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, ctx->leaders);
  MPI_Bcast(&sum, 1, MPI_DOUBLE, 0, ctx->world);
  return sum;
}

static int leaders_count(const struct context *ctx)
{
  int one = 1, count = 0;
  if (ctx->leaders == MPI_COMM_NULL)
    return 0;
  MPI_Allreduce(&one, &count, 1, MPI_INT, MPI_SUM, ctx->leaders);
  MPI_Barrier(ctx->leaders);
  return count;
}

void ctx_release(struct context *ctx)
{
  if (ctx->leaders != MPI_COMM_NULL)
    MPI_Comm_free(&ctx->leaders);
  MPI_Barrier(ctx->world);
}

int main(int argc, char **argv)
{
  struct context ctx;
  MPI_Init(&argc, &argv);
  ctx_setup(&ctx, MPI_COMM_WORLD);
  int errors = 0;
  for (int step = 0; step < 3; step++) {
    double sum = leaders_sum(&ctx, step + 1.0);
    if (sum != (step + 1.0) * ctx.nleaders)
      errors++;
  }
  int count = leaders_count(&ctx);
  if (ctx.leaders != MPI_COMM_NULL && count != ctx.nleaders)
    errors++;
  ctx_release(&ctx);
  if (errors)
    fprintf(stderr, "rank %d: %d wrong sums\n", ctx.rank, errors);
  else if (ctx.rank == 0)
    printf("%d leaders agree\n", ctx.nleaders);
  MPI_Finalize();
  return errors != 0;
}
