/* Erroneous twin of correct/kernel_table_context.c: after a kernel from
 * the table got the context by address, the loop stops at a step count
 * read from the context's rank field.  What the kernel may write in the
 * record (the rank) may differ; only its communicator handle keeps what
 * the function knows.  Process 0 leaves the loop first.  Warned at the
 * MPI_Allreduce; with 2 processes the check before it stops the run.
 *
 * description: a kernel called through a function pointer gets the context; the loop around an Allreduce on ctx.comm ends at a bound read from ctx.rank: warned, stops with 2 processes
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 31
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  MPI_Comm comm;
  int rank;
  double value;
} context_t;

static int halve(context_t *c) { c->value *= 0.5; return 0; }
static int (*const kernels[])(context_t *) = {halve, halve};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  context_t ctx = {MPI_COMM_WORLD, 0, 1.0};
  MPI_Comm_rank(ctx.comm, &ctx.rank);
  int err = 0, worst;
  for (int step = 0; step < ctx.rank + 2; step++) {
    err = kernels[step % 2](&ctx);
    MPI_Allreduce(&err, &worst, 1, MPI_INT, MPI_MAX, ctx.comm);
  }
  printf("rank %d: %g\n", ctx.rank, ctx.value);
  MPI_Finalize();
  return 0;
}
