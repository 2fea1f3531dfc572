// The size of a std::vector: made from the rank it differs; from a
// constant, or from a broadcast count, it does not.
#include <mpi.h>
#include <vector>

int main(int argc, char **argv) {
  int rank, n;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<int> mine(rank + 1);
  if (mine.size() > 1) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  std::vector<int> fixed(4);
  if (fixed.size() == 4) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  n = rank + 2;
  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<double> shared(n);
  if (shared.size() > 2) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
  fixed.push_back(rank);
  if (fixed.back() == 0) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
