// A reference member bound by aggregate initialisation, written by a
// callee.
//
// What is wrong: `holder h{steps}' binds h.r to main's `steps' without a
// constructor, and set_rank stores the rank through it, so the loop of
// line 29 runs a different number of barriers on each process.  main's own
// store binds the member, so set_rank's store through it reaches `steps':
// warned (MPI_Comm_rank at line 22 blamed), and the run stops.
//
// description: C++ reference member bound by aggregate initialisation, the callee stores the rank through it
// expect-warning: 30 collective-mismatch
// expect-conditional: 29
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

struct holder {
  int &r;
};

static void set_rank(holder *h) { MPI_Comm_rank(MPI_COMM_WORLD, &h->r); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int steps = 1;
  holder h{steps};
  set_rank(&h);
  for (int i = 0; i < steps; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
  std::printf("%d barriers\n", steps);
  MPI_Finalize();
  return 0;
}
