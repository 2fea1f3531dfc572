// Correct C++: an exception thrown and caught in the same function, by
// every process or by none.
//
// reduce_checked throws when the global sum (the same on every rank) is
// negative; the handler is in the same function.  Either every process
// skips the MPI_Barrier of line 33, or none does; all of them then call
// the MPI_Bcast of line 37.  main calls it once with a negative sum (every
// rank throws) and once with a positive one.
//
// Expected analysis: `global' is what MPI_Allreduce gives on `comm', the
// same everywhere when `comm' is: the link step reads every call of
// reduce_checked (MPI_COMM_WORLD), so the `if' of line 31 is not blamed.
// The MPI_Bcast is not: whichever way the `if' goes, control reaches it,
// since the `throw' is caught right here and the handler falls through to
// it.  Only an exception leaving the function could skip it, and exception
// edges are not decisions of the processes.  The run-time checks agree on
// every process: the program runs.
//
//
// description: C++ throw caught in the same function, on every rank or none: neither the barrier (the condition is the same everywhere) nor the bcast after the handler is flagged
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

double reduce_checked(double local, MPI_Comm comm) {
  double global = 0.0;
  try {
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
    if (global < 0.0)
      throw std::domain_error("negative sum");
    MPI_Barrier(comm);
  } catch (const std::domain_error &) {
    global = 0.0;
  }
  MPI_Bcast(&global, 1, MPI_DOUBLE, 0, comm);
  return global;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double a = reduce_checked(-1.0, MPI_COMM_WORLD);  // every rank throws
  double b = reduce_checked(1.0, MPI_COMM_WORLD);   // no rank throws
  if (rank == 0)
    std::printf("%g %g\n", a, b);
  MPI_Finalize();
  return 0;
}
