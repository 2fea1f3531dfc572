// A driver that builds a private communicator for its report on rank 0
// only: the constructor (comm.cpp) duplicates MPI_COMM_WORLD, a collective
// the other processes never join.
#include "comm.hpp"
#include <cstdio>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    Communicator reporter(MPI_COMM_WORLD);
    std::printf("reporting on %d processes\n", reporter.size());
  }
  MPI_Finalize();
  return 0;
}
