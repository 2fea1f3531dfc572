// Correct C++ with exceptions around collectives.
//
// global_sum calls MPI_Allreduce, then a validation that throws when the
// (global, hence identical) sum is negative, then MPI_Barrier, all inside a
// try block.  Either every process throws and skips the barrier, or none
// does, and every process then calls MPI_Bcast.  The second call in main
// makes every process take the exception path.
//
// PARCOACH leaves exception edges out of its graph (an exception is not a
// decision processes take differently), so the barrier skipped by the
// exception is not reported: no warning, and the program runs.
//
// description: C++ try/catch around MPI_Allreduce and MPI_Barrier, exception thrown on every rank or none: silent
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>
#include <stdexcept>

static void check_positive(double x) {
  if (x < 0.0)
    throw std::domain_error("negative sum");
}

static double global_sum(double local, MPI_Comm comm) {
  double global = 0.0;
  try {
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
    check_positive(global);  // same value on every rank: all throw or none
    MPI_Barrier(comm);
  } catch (const std::domain_error &error) {
    global = 0.0;            // every process comes here together
  }
  MPI_Bcast(&global, 1, MPI_DOUBLE, 0, comm);
  return global;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double positive = global_sum(1.0 + rank, MPI_COMM_WORLD);
  double negative = global_sum(-1.0 - rank, MPI_COMM_WORLD);  // throws everywhere
  if (rank == 0)
    std::printf("sums: %g %g\n", positive, negative);
  MPI_Finalize();
  return 0;
}
