/* A library-style API (pure MPI, C), as in solver and I/O libraries: an
 * opaque context allocated by lib_init, holding a duplicate of the
 * caller's communicator, the rank and size in it, a group communicator
 * (MPI_Comm_split by rank / group size) and a leaders' communicator
 * (MPI_Comm_split with MPI_UNDEFINED for non-leaders, so MPI_COMM_NULL
 * there); every entry point returns an error code that callers test with
 * a CHECK macro (MPI errors are fatal by default, so the codes are the
 * same everywhere); a hierarchical sum (MPI_Reduce in the group, MPI_Allreduce
 * among the leaders under `leaders != MPI_COMM_NULL', MPI_Bcast in the group)
 * compared with a flat MPI_Allreduce; lib_finalize frees what lib_init made.
 * Nothing to warn, nothing to stop.
 *
 * description: library API: init/finalize context struct holding a duplicated communicator, rank, size, group split and leaders split (MPI_UNDEFINED); error codes through CHECK macros; hierarchical sum vs flat Allreduce
 * known-failure: the library's entry points are public: one file at a time, other files may pass them any context, and the link step judges parameters, not what they point to (*ctx, *pctx); the context lib_init allocates escapes through `*out', so the CHECK tests after lib_init are blamed too
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define LIB_SUCCESS 0
#define LIB_ERR_ARG 1
#define LIB_ERR_NOMEM 2

#define CHECK(call)               \
  do {                            \
    int check_rc_ = (call);       \
    if (check_rc_ != LIB_SUCCESS) \
      return check_rc_;           \
  } while (0)

typedef struct lib_context {
  MPI_Comm comm, group, leaders;
  int rank, size;
  int group_rank, group_size, group_id, ngroups;
  double *work;
  int work_length;
} lib_context_t;

int lib_init(MPI_Comm parent, int group_size, lib_context_t **out)
{
  if (group_size < 1 || out == NULL)
    return LIB_ERR_ARG;
  lib_context_t *ctx = calloc(1, sizeof *ctx);
  if (ctx == NULL)
    return LIB_ERR_NOMEM;
  CHECK(MPI_Comm_dup(parent, &ctx->comm));
  CHECK(MPI_Comm_rank(ctx->comm, &ctx->rank));
  CHECK(MPI_Comm_size(ctx->comm, &ctx->size));
  ctx->group_id = ctx->rank / group_size;
  ctx->ngroups = (ctx->size + group_size - 1) / group_size;
  CHECK(MPI_Comm_split(ctx->comm, ctx->group_id, ctx->rank, &ctx->group));
  CHECK(MPI_Comm_rank(ctx->group, &ctx->group_rank));
  CHECK(MPI_Comm_size(ctx->group, &ctx->group_size));
  CHECK(MPI_Comm_split(ctx->comm, ctx->group_rank == 0 ? 0 : MPI_UNDEFINED, ctx->rank,
                       &ctx->leaders));
  ctx->work_length = 64;
  ctx->work = malloc(ctx->work_length * sizeof(double));
  if (ctx->work == NULL)
    return LIB_ERR_NOMEM;
  *out = ctx;
  return LIB_SUCCESS;
}

int lib_finalize(lib_context_t **pctx)
{
  lib_context_t *ctx = *pctx;
  if (ctx->leaders != MPI_COMM_NULL)
    CHECK(MPI_Comm_free(&ctx->leaders));
  CHECK(MPI_Comm_free(&ctx->group));
  CHECK(MPI_Comm_free(&ctx->comm));
  free(ctx->work);
  free(ctx);
  *pctx = NULL;
  return LIB_SUCCESS;
}

/* Sum of n values over all processes: in the group to its leader, among
 * the leaders, back down the group. */
int lib_hierarchical_sum(lib_context_t *ctx, const double *in, double *out, int n)
{
  if (n > ctx->work_length)
    return LIB_ERR_ARG;
  CHECK(MPI_Reduce(in, ctx->work, n, MPI_DOUBLE, MPI_SUM, 0, ctx->group));
  if (ctx->leaders != MPI_COMM_NULL)
    CHECK(MPI_Allreduce(ctx->work, out, n, MPI_DOUBLE, MPI_SUM, ctx->leaders));
  CHECK(MPI_Bcast(out, n, MPI_DOUBLE, 0, ctx->group));
  return LIB_SUCCESS;
}

int lib_flat_sum(lib_context_t *ctx, const double *in, double *out, int n)
{
  return MPI_Allreduce(in, out, n, MPI_DOUBLE, MPI_SUM, ctx->comm);
}

/* The number of groups, agreed by the leaders and told to every member. */
int lib_count_groups(lib_context_t *ctx, int *ngroups)
{
  int one = 1;
  *ngroups = 0;
  if (ctx->leaders != MPI_COMM_NULL)
    CHECK(MPI_Allreduce(&one, ngroups, 1, MPI_INT, MPI_SUM, ctx->leaders));
  CHECK(MPI_Bcast(ngroups, 1, MPI_INT, 0, ctx->group));
  return LIB_SUCCESS;
}

static int application(MPI_Comm world)
{
  lib_context_t *ctx = NULL;
  int rank;
  MPI_Comm_rank(world, &rank);
  CHECK(lib_init(world, 2, &ctx));

  int ngroups;
  CHECK(lib_count_groups(ctx, &ngroups));
  if (ngroups != ctx->ngroups) {
    fprintf(stderr, "rank %d: %d groups, expected %d\n", rank, ngroups, ctx->ngroups);
    MPI_Abort(world, 2);
  }

  enum { N = 8 };
  double in[N], hierarchical[N], flat[N];
  for (int step = 0; step < 5; step++) {
    for (int i = 0; i < N; i++)
      in[i] = (rank + 1) * (i + 1) + step;
    CHECK(lib_hierarchical_sum(ctx, in, hierarchical, N));
    CHECK(lib_flat_sum(ctx, in, flat, N));
    for (int i = 0; i < N; i++)
      if (hierarchical[i] != flat[i]) {
        fprintf(stderr, "rank %d: element %d: %f != %f\n", rank, i, hierarchical[i], flat[i]);
        MPI_Abort(world, 3);
      }
  }
  if (rank == 0)
    printf("%d groups, hierarchical and flat sums agree\n", ngroups);
  CHECK(lib_finalize(&ctx));
  return LIB_SUCCESS;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rc = application(MPI_COMM_WORLD);
  if (rc != LIB_SUCCESS) {
    fprintf(stderr, "library error %d\n", rc);
    MPI_Abort(MPI_COMM_WORLD, rc);
  }
  MPI_Finalize();
  return 0;
}
