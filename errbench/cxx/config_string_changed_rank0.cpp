// Erroneous twin of correct/cxx_config_printed_rank0.cpp: under the rank
// test, rank 0 appends to the case name (a non-const member of
// std::string), and the loop runs once per character of the name.  Rank
// 0 makes three more MPI_Allreduce calls than the others.  Warned at the
// MPI_Allreduce; with 2 processes the check before it stops the run.
//
// description: a std::string appended to under `rank == 0', its size bounding a loop of Allreduce calls: warned, stops with 2 processes
// expect-warning: 25 collective-mismatch
// expect-conditional: 23
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::string name = "sod";
  if (rank == 0)
    name.append("_r0");
  for (std::size_t c = 0; c < name.size(); ++c) {
    double local = (double)c, sum;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  std::printf("rank %d: %s\n", rank, name.c_str());
  MPI_Finalize();
  return 0;
}
