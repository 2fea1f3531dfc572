// A member written through a reference an accessor returns.
//
// What is wrong: sweep_count() returns a reference into the caller's
// object, and main stores the rank through it; the loop of line 31 then
// runs rank + 1 allreduces on each process.  The reference a call returns
// points into the object passed to it, so the store is seen: warned, and
// the run stops.
//
// description: C++ accessor returning a member reference, the rank stored through it, loop over MPI_Allreduce
// expect-warning: 33 collective-mismatch
// expect-conditional: 31
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

struct Settings {
  int sweeps = 3;
  int &sweep_count() { return sweeps; }
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Settings settings;
  settings.sweep_count() = rank + 1;
  double value = 1.0;
  // several lines so that the expected line numbers are easy to check
  for (int sweep = 0; sweep < settings.sweeps; ++sweep) {
    double sum = 0.0;
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    value = sum;
  }
  std::printf("rank %d: %.1f\n", rank, value);
  MPI_Finalize();
  return 0;
}
