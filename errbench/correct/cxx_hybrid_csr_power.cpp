// A hybrid C++ sparse kernel (MPI+OpenMP, MPI_THREAD_FUNNELED): a
// distributed CSR matrix class (rows by blocks, uneven counts), the global
// vector assembled by MPI_Allgatherv, the product an `omp parallel for'
// inside a method, a dot product whose `omp for reduction' is followed by
// an MPI_Allreduce in `omp master' between barriers, a power iteration
// `while (std::fabs(lambda - previous) > tol * std::fabs(lambda))' on
// values every process got from the reductions; the matrix held in a
// std::unique_ptr, errors thrown as exceptions and turned into MPI_Abort.
// Nothing to warn, nothing to stop.
//
// description: hybrid C++ FUNNELED: CSR matrix class, Allgatherv of the vector, omp parallel for matvec in a method, master Allreduce between barriers, power iteration on reduced values, unique_ptr, exceptions
// compile-flags: -fopenmp
// link-flags: -lm
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2
// expect-run-args: instrument=all
#include <mpi.h>
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

class DistributedCsr {
public:
  DistributedCsr(MPI_Comm comm, int global_rows) : comm_(comm), global_rows_(global_rows)
  {
    int rank, size;
    MPI_Comm_rank(comm_, &rank);
    MPI_Comm_size(comm_, &size);
    if (global_rows < size)
      throw std::invalid_argument("fewer rows than processes");
    counts_.resize(size);
    displs_.resize(size);
    for (int r = 0, offset = 0; r < size; r++) {
      counts_[r] = global_rows / size + (r < global_rows % size ? 1 : 0);
      displs_[r] = offset;
      offset += counts_[r];
    }
    first_row_ = displs_[rank];
    local_rows_ = counts_[rank];
    // A symmetric banded matrix whose heavy first row gives it a
    // well separated largest eigenvalue.
    row_start_.push_back(0);
    for (int i = 0; i < local_rows_; i++) {
      int g = first_row_ + i;
      for (int j : {g - 3, g - 1, g, g + 1, g + 3})
        if (j >= 0 && j < global_rows_) {
          columns_.push_back(j);
          values_.push_back(j == g ? diagonal(g) : (j == g - 3 || j == g + 3 ? -0.5 : -1.0));
        }
      row_start_.push_back(static_cast<int>(columns_.size()));
    }
  }

  int local_rows() const { return local_rows_; }
  static double diagonal(int row) { return row == 0 ? 12.0 : 4.0 + 0.01 * (row % 5); }

  // y = A x, x the local part; the whole x is gathered first.
  void multiply(const std::vector<double> &x, std::vector<double> &y)
  {
    full_.resize(global_rows_);
    MPI_Allgatherv(x.data(), local_rows_, MPI_DOUBLE, full_.data(), counts_.data(),
                   displs_.data(), MPI_DOUBLE, comm_);
    const double *full = full_.data();
    double *out = y.data();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < local_rows_; i++) {
      double sum = 0.0;
      for (int k = row_start_[i]; k < row_start_[i + 1]; k++)
        sum += values_[k] * full[columns_[k]];
      out[i] = sum;
    }
  }

  // Global dot product: the team reduces, the master thread reduces over
  // the processes, every thread returns the same value.
  double dot(const std::vector<double> &a, const std::vector<double> &b) const
  {
    double local = 0.0, global = 0.0;
    const int n = local_rows_;
#pragma omp parallel shared(local, global)
    {
#pragma omp for reduction(+ : local)
      for (int i = 0; i < n; i++)
        local += a[i] * b[i];
#pragma omp master
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
#pragma omp barrier
    }
    return global;
  }

private:
  MPI_Comm comm_;
  int global_rows_, first_row_ = 0, local_rows_ = 0;
  std::vector<int> counts_, displs_, row_start_, columns_;
  std::vector<double> values_, full_;
};

static double power_iteration(DistributedCsr &matrix, double tolerance, int max_iterations,
                              int &iterations)
{
  std::vector<double> x(matrix.local_rows(), 1.0), y(matrix.local_rows());
  double lambda = 0.0, previous = -1.0;
  iterations = 0;
  while (std::fabs(lambda - previous) > tolerance * std::fabs(lambda)) {
    if (++iterations > max_iterations)
      throw std::runtime_error("power iteration did not converge");
    matrix.multiply(x, y);
    previous = lambda;
    lambda = matrix.dot(x, y) / matrix.dot(x, x);
    double norm = std::sqrt(matrix.dot(y, y));
    for (std::size_t i = 0; i < x.size(); i++)
      x[i] = y[i] / norm;
  }
  return lambda;
}

int main(int argc, char **argv)
{
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  try {
    if (provided < MPI_THREAD_FUNNELED)
      throw std::runtime_error("MPI_THREAD_FUNNELED not provided");
    auto matrix = std::make_unique<DistributedCsr>(MPI_COMM_WORLD, 301);
    int iterations = 0;
    double lambda = power_iteration(*matrix, 1e-8, 5000, iterations);
    if (!(lambda > DistributedCsr::diagonal(0) && lambda < DistributedCsr::diagonal(0) + 3.0))
      throw std::runtime_error("eigenvalue out of Gershgorin's bounds");
    if (rank == 0)
      std::printf("largest eigenvalue %.8f after %d iterations (%d threads)\n", lambda,
                  iterations, omp_get_max_threads());
  } catch (const std::exception &error) {
    std::fprintf(stderr, "rank %d: %s\n", rank, error.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
