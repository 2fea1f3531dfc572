// Value flow, C++ library: a count read from std::cin.
//
// What is wrong: each process reads the number of reductions to run from
// its standard input, which MPI does not give every process alike (here
// the program reopens it on /proc/self/stat, whose first field is the
// process id).  The loop's bounds come from what std::cin extracts: rank 0
// runs one MPI_Allreduce, the others a different number, before the common
// MPI_Barrier.  A stream reading the standard input is a source of values
// that may differ, as scanf is: the loop exit is flagged and the run stops.
//
// description: value flow: a loop count extracted from std::cin drives MPI_Allreduce: warning, stops
// expect-warning: 30 collective-mismatch
// expect-conditional: 29
// expect-run: 2 stop
#include <mpi.h>

#include <cstdio>
#include <iostream>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (!std::freopen("/proc/self/stat", "r", stdin))
    MPI_Abort(MPI_COMM_WORLD, 2);
  long count = 0;
  std::cin >> count;
  long first = count;
  MPI_Bcast(&first, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  double local = 1.0, total = 0.0;
  for (long i = first; i <= count; ++i)
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
