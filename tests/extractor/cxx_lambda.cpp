// The rank captured by a lambda, by value and by reference, and read in
// its body (a member of the closure object, through its `this').
// Known failures: a capture by reference is a reference member of the
// closure that no constructor binds (main stores the address itself), so
// the solver takes what it refers to as unknown (follow_references:
// "no constructor of ours bound it"); the call's argument record already
// says what it reaches (`reaches s4').  Today the barrier under
// `size > 1' gets a false warning.
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  auto by_value = [rank]() {
    if (rank == 0) // value-flow: rank
      MPI_Barrier(MPI_COMM_WORLD);
  };
  auto by_reference = [&size]() {
    if (size > 1) // value-flow: uniform, known-failure: capture by reference taken as unknown
      MPI_Barrier(MPI_COMM_WORLD);
  };
  by_value();
  by_reference();
  auto is_root = [&]() { return rank == 0; };
  if (is_root()) // value-flow: rank, known-failure: capture by reference taken as unknown
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
