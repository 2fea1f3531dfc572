// An object holding a reference member, passed to code the analysis does
// not see (a call through a pointer).
//
// What is wrong: the function behind `hook' stores the rank through the
// object's reference member into main's `steps', so the loop of line 37
// runs a different number of barriers on each process.  When an object
// escapes, what its reference members refer to escapes with it: warned,
// and the run stops.
//
// description: C++ object with a reference member passed through a function pointer that stores the rank behind it
// expect-warning: 38 collective-mismatch
// expect-conditional: 37
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

struct Holder {
  explicit Holder(int &n) : n_(n) {}
  int &n_;
};

static void store_rank(Holder *holder)
{
  MPI_Comm_rank(MPI_COMM_WORLD, &holder->n_);
}

void (*volatile hook)(Holder *) = store_rank;

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int steps = 1;
  Holder holder(steps);
  hook(&holder);
  // the loop
  for (int i = 0; i < steps; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
  std::printf("%d barriers\n", steps);
  MPI_Finalize();
  return 0;
}
