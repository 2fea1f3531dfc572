// Value flow, C++ library: a count read from a file with std::ifstream.
//
// What is wrong: each process extracts the number of reductions to run
// from a file, /proc/self/stat, whose first field (the process id) differs
// from process to process, as a per-node or per-process input file would.
// Rank 0 runs one MPI_Allreduce, the others a different number, before the
// common MPI_Barrier.  A file stream reads a file, as fread does: what it
// extracts may differ, the loop exit is flagged and the run stops.
//
// description: value flow: a loop count extracted from a std::ifstream drives MPI_Allreduce: warning, stops
// expect-warning: 27 collective-mismatch
// expect-conditional: 26
// expect-run: 2 stop
#include <mpi.h>

#include <fstream>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  std::ifstream stat("/proc/self/stat");
  long count = 0;
  stat >> count;
  long first = count;
  MPI_Bcast(&first, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  double local = 1.0, total = 0.0;
  for (long i = first; i <= count; ++i)
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
