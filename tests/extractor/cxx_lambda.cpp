// The rank captured by a lambda, by value and by reference, and read in
// its body (a member of the closure object, through its `this').
// A capture by reference is a reference member of the closure that no
// constructor binds: main stores the address itself (`closure.__size =
// &size'), which the value flow takes as the binding (`refers-to' in the
// dump), so the body reads main's variable at each call, and what the
// body stores through it reaches main's variable.
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
    if (size > 1) // value-flow: uniform
      MPI_Barrier(MPI_COMM_WORLD);
  };
  by_value();
  by_reference();
  auto is_root = [&]() { return rank == 0; };
  if (is_root()) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  // A by-reference capture of a variable made rank-dependent after the
  // closure is made: the body reads what the variable holds at the call
  // (joined over the lambda's calls, like any referent).
  int n = 1;
  auto positive = [&n]() { return n > 0; };
  n = rank;
  if (positive()) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  // The body stores through the reference: main's variable gets it.
  int flag = 0;
  auto set_flag = [&flag, rank]() { flag = rank == 0; };
  set_flag();
  if (flag) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
