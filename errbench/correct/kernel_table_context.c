/* Mini-apps pick their kernels from a table of function pointers and hand
 * each one the run's context by address (`err = kernels[k].run(&ctx)').
 * The context holds the communicator beside the data the kernels change;
 * after each kernel the processes agree on the error code with an
 * MPI_Allreduce(MPI_MAX) on ctx.comm and stop together.  Code reached
 * through a function pointer may change the record, but not its
 * communicator handle: what the reduction gives stays the same on every
 * process.  Nothing to warn, nothing to stop.
 *
 * description: kernels from a table of function pointers get the context by address; error codes agreed by an Allreduce on the context's communicator, early break and return on them
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  MPI_Comm comm;
  int rank, n;
  double sum, data[16];
} context_t;

static int scale(context_t *c) {
  for (int i = 0; i < c->n; i++)
    c->data[i] *= 0.5;
  return 0;
}

static int accumulate(context_t *c) {
  for (int i = 0; i < c->n; i++)
    c->sum += c->data[i];
  return c->sum < 0.0; /* never */
}

static const struct {
  const char *name;
  int (*run)(context_t *);
} kernels[] = {{"scale", scale}, {"accumulate", accumulate}};

static int agree(MPI_Comm comm, int err) {
  int worst;
  MPI_Allreduce(&err, &worst, 1, MPI_INT, MPI_MAX, comm);
  return worst;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  context_t ctx = {MPI_COMM_WORLD, 0, 16, 0.0, {0}};
  MPI_Comm_rank(ctx.comm, &ctx.rank);
  for (int i = 0; i < ctx.n; i++)
    ctx.data[i] = ctx.rank + i;
  int status = 0;
  for (int sweep = 0; sweep < 3 && status == 0; sweep++)
    for (unsigned k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
      int err = kernels[k].run(&ctx), worst;
      MPI_Allreduce(&err, &worst, 1, MPI_INT, MPI_MAX, ctx.comm);
      if (worst != 0 || agree(ctx.comm, err) != 0) {
        status = 1;
        break;
      }
    }
  double total;
  MPI_Allreduce(&ctx.sum, &total, 1, MPI_DOUBLE, MPI_SUM, ctx.comm);
  if (ctx.rank == 0)
    printf("status %d, total %g\n", status, total);
  MPI_Finalize();
  return status;
}
