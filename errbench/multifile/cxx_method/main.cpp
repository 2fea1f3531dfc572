// Solver::synchronise() is defined in solver.cpp, where it runs
// MPI_Barrier; main() calls it on rank 0 only.  The link step matches the
// mangled names and warns at line 12, note at the `if' of line 11.
#include "solver.hpp"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Solver solver(MPI_COMM_WORLD);
  if (rank == 0)
    solver.synchronise(); // BUG: rank 0 only
  solver.report();
  MPI_Finalize();
  return 0;
}
