/* A callee storing through a pointer its caller stored in a structure.
 *
 * What is wrong: main keeps the address of `steps' in h.p, and set_rank
 * stores the rank through it, so the loop of line 31 runs a different
 * number of barriers on each process.  What a callee can reach through
 * pointers stored in what its arguments point to may change at the call:
 * warned, and the run stops.  (Before, the store through h->p was lost and
 * the loop was proved the same everywhere: a missed error.)
 *
 * description: pointer field of a struct set by the caller, the callee stores the rank through it, loop over MPI_Barrier
 * expect-warning: 32 collective-mismatch
 * expect-conditional: 31
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

struct holder {
  int *p;
};

static void set_rank(struct holder *h) { MPI_Comm_rank(MPI_COMM_WORLD, h->p); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int steps = 1;
  struct holder h;
  h.p = &steps;
  set_rank(&h);
  for (int i = 0; i < steps; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
  printf("%d barriers\n", steps);
  MPI_Finalize();
  return 0;
}
