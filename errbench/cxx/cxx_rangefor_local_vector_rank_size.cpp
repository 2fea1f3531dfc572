// Twin of correct/cxx_rangefor_vector_helpers.cpp: main's range-for walks
// `field', whose size depends on the rank, around the collective:
// processes leave the loop after different numbers of iterations.
// Warned; the run stops.
//
// description: C++: range-for around a collective over a std::vector whose size depends on the rank
// expect-warning: 32 collective-mismatch
// expect-conditional: 30
// expect-run: 2 stop
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

void scale(std::vector<double> &v, double g) {
  for (auto &x : v)
    x *= g;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<double> coefficients(3, 0.5);
  std::vector<double> field(4 + rank, 1.0);
  scale(field, 0.5);
  scale(coefficients, 2.0);
  double total = 0.0;
  double sum = 0.0;
  for (double f : field) {
    double local = f;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  if (rank == 0)
    std::printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
