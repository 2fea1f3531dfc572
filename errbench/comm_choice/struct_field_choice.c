/* A context struct holds two communicators, both duplicates of
 * MPI_COMM_WORLD made by every process; the field `active' is set from
 * one or the other by a test of the rank, and an MPI_Bcast runs on it.
 *
 * What is wrong: `solver' and `io' are two communicators (two calls of
 * MPI_Comm_dup, MPI 4.0 section 7.4.2), each with every process as a
 * member; the odd ranks broadcast on `io', the even ones on `solver': no
 * broadcast is called by all of its members.  Warned at the call, naming
 * `comm'.  The checks run on the two duplicates, never complete, and the
 * hang detector stops the run (3 s here).
 *
 * description: MPI_Bcast on a struct field set from one of two duplicates by a rank test: warned (comm), stopped
 * expect-warning: 43 collective-arguments
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 1 ok
 */
#include <mpi.h>

struct context {
  MPI_Comm solver;
  MPI_Comm io;
  MPI_Comm active;
};

int main(int argc, char **argv)
{
  int rank, value = 0;
  struct context ctx;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &ctx.solver);
  MPI_Comm_dup(MPI_COMM_WORLD, &ctx.io);
  if (rank == 0)
    value = 42;

  /* BUG: the field is set from one duplicate or the other by rank */
  if (rank % 2)
    ctx.active = ctx.io;
  else
    ctx.active = ctx.solver;

  MPI_Bcast(&value, 1, MPI_INT, 0, ctx.active);

  MPI_Comm_free(&ctx.io);
  MPI_Comm_free(&ctx.solver);
  MPI_Finalize();
  return 0;
}
