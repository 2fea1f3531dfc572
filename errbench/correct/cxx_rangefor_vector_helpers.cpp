// C++ helpers taking std::vector<double>& that a solver keeps in one file:
// `scale' walks its argument with a range-for and writes the elements,
// `norm2' reads them.  main walks its own coefficient vector (the same
// three values on every process) with a range-for around a collective.
// Each call of the iterators' operators (operator!=, operator++, operator*:
// inline functions of the unit) computes from what that call's iterator
// holds: the helpers' iterators over a vector other files may pass do not
// make main's loop differ.  Nothing to warn, nothing to stop.
//
// description: C++: range-for around a collective over a local std::vector, next to public helpers range-for'ing over std::vector<double>& parameters: silent, runs clean
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

void scale(std::vector<double> &v, double g) {
  for (auto &x : v)
    x *= g;
}

double norm2(const std::vector<double> &v) {
  double s = 0.0;
  for (double x : v)
    s += x * x;
  return std::sqrt(s);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<double> coefficients(3, 0.5);
  std::vector<double> field(4 + rank, 1.0);
  scale(field, 0.5);
  double total = 0.0;
  for (double c : coefficients) {
    double local = c * norm2(field), sum;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  if (rank == 0)
    std::printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
