/* Value flow: a variable whose address a call lets out may differ from
 * that call on, and only from there.
 *
 * What is wrong: `n' holds the size of MPI_COMM_WORLD, the same on every
 * process, when main tests it (line 34): that allreduce is not blamed.
 * Then main passes &n to register_counter, which keeps the address in a
 * global; scramble later stores the rank through that global, which the
 * analysis cannot follow, so from the call of line 36 on `n' counts as
 * "may differ" (even after the store of line 37).  Here it really
 * differs: the root alone calls MPI_Barrier (line 40), while the others
 * go on to MPI_Finalize.
 *
 * description: value flow: a variable escapes at the call that keeps its address: uniform before, warning after, stops
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 39
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

static int *counter;

static void register_counter(int *p) { counter = p; }

static void scramble(int rank) { *counter = rank; }

int main(int argc, char **argv)
{
  int n = 0, rank = 0, one = 1, total = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* Nobody else has the address of n yet: the same everywhere. */
  if (n > 0)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  register_counter(&n);
  n = total;
  scramble(rank);
  if (n == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
