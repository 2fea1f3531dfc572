/* Value flow: the rank hidden in a struct and passed through static
 * helpers still differs.
 *
 * What is wrong: a static helper stores the rank and the size in the
 * fields of a context struct through a pointer, another one answers
 * "am I the leader?" from the struct, and the leader alone calls
 * MPI_Barrier.  The field holding the size is the same everywhere: the
 * test on it (line 48) is not blamed.
 *
 * description: value flow: rank in a struct field through static helpers guards a barrier: warning, stops
 * expect-warning: 50 collective-mismatch
 * expect-conditional: 49
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

struct context {
  MPI_Comm comm;
  int rank;
  int size;
};

static void context_init(struct context *ctx, MPI_Comm comm)
{
  ctx->comm = comm;
  MPI_Comm_rank(comm, &ctx->rank);
  MPI_Comm_size(comm, &ctx->size);
}

static int is_leader(const struct context *ctx)
{
  return ctx->rank == 0;
}

static int processes(const struct context *ctx)
{
  return ctx->size;
}

int main(int argc, char **argv)
{
  struct context ctx;
  int one = 1, total = 0;

  MPI_Init(&argc, &argv);
  context_init(&ctx, MPI_COMM_WORLD);
  if (processes(&ctx) > 0) {
    if (is_leader(&ctx))
      MPI_Barrier(ctx.comm); /* BUG: the leader only */
  }
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, ctx.comm);
  MPI_Finalize();
  return 0;
}
