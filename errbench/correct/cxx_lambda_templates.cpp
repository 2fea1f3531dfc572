// C++ templates and lambdas, MPI_THREAD_SERIALIZED (issue 14).  A
// parallel_for helper runs a lambda over a range in an `omp parallel
// for'; a DistVector<T> class (a communicator and a std::vector) is
// instantiated for float and double, its MPI datatype chosen by a traits
// class; relax<T>() iterates until the residual reduced by MPI_Allreduce
// is small.  A region runs lambdas from `omp single': one broadcasts the
// parameters, one reduces.  Correct: the loop tests only reduced values.
//
// Once a false warning (issue 14): `x[i] += ...' through DistVector::
// operator[] (a member returning a reference into the std::vector field)
// stored through a pointer a function of the file returns, taken to point
// anywhere in the object, communicator field included, and to memory no
// variable stands for (so the lambdas, then parallel_for, "may change
// 'b.comm_' at any time"); warnings at the calls of dot().  Fixed by a
// per-field return summary (ValueFlowFunction::returned_fields: operator[]
// returns only into the elements of data_), stores through such a result
// writing only those fields (settle_result_stores), writes a lambda leaves
// behind its captures passed up through the helper that calls it, and a
// call to a function that writes nothing through its parameters
// (operator[]) not counted as writing what its arguments point to.
// description: C++ templates for float and double, lambdas given to a parallel_for helper, traits for MPI datatypes, lambdas in single regions
// compile-flags: -fopenmp
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2
// expect-run: 1 ok threads=2
// expect-run: 3 ok threads=4
#include <mpi.h>
#include <omp.h>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

template <typename T> struct mpi_type;
template <> struct mpi_type<float> {
  static MPI_Datatype get() { return MPI_FLOAT; }
};
template <> struct mpi_type<double> {
  static MPI_Datatype get() { return MPI_DOUBLE; }
};

template <typename F> void parallel_for(int begin, int end, F &&body)
{
#pragma omp parallel for schedule(static)
  for (int i = begin; i < end; i++)
    body(i);
}

template <typename T> class DistVector {
public:
  DistVector(MPI_Comm comm, int n, T value) : comm_(comm), data_(n, value) {}
  int size() const { return static_cast<int>(data_.size()); }
  T &operator[](int i) { return data_[i]; }
  const T &operator[](int i) const { return data_[i]; }

  T dot(const DistVector &other) const
  {
    T local = 0, global = 0;
    const int n = size();
#pragma omp parallel for reduction(+ : local)
    for (int i = 0; i < n; i++)
      local += data_[i] * other.data_[i];
    MPI_Allreduce(&local, &global, 1, mpi_type<T>::get(), MPI_SUM, comm_);
    return global;
  }

  T max_abs() const
  {
    T local = 0, global = 0;
    for (const T &v : data_)
      local = std::fabs(v) > local ? std::fabs(v) : local;
    MPI_Allreduce(&local, &global, 1, mpi_type<T>::get(), MPI_MAX, comm_);
    return global;
  }

private:
  MPI_Comm comm_;
  std::vector<T> data_;
};

template <typename T> int relax(MPI_Comm comm, int n, T tol)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  DistVector<T> x(comm, n, T(0)), b(comm, n, T(1)), r(comm, n, T(0));
  parallel_for(0, n, [&](int i) { b[i] = T(1) + T((i + rank) % 3); });
  int it = 0;
  T res = std::sqrt(b.dot(b));
  while (res > tol && it < 100) {
    parallel_for(0, n, [&](int i) { x[i] += T(0.5) * (b[i] - x[i]); });
    parallel_for(0, n, [&](int i) { r[i] = b[i] - x[i]; });
    res = std::sqrt(r.dot(r));
    it++;
  }
  if (r.max_abs() > T(1))
    return -1;
  return it;
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int its_f = relax<float>(MPI_COMM_WORLD, 500, 1e-3f);
  int its_d = relax<double>(MPI_COMM_WORLD, 500, 1e-9);

  std::vector<double> params(4, 0.0);
  double total = 0.0, mine = 0.0;
  auto broadcast = [&]() { MPI_Bcast(params.data(), 4, MPI_DOUBLE, 0, MPI_COMM_WORLD); };
  auto reduce = [&](double v) {
    double g = 0.0;
    MPI_Allreduce(&v, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return g;
  };
  if (rank == 0)
    params = {1.0, 2.0, 3.0, 4.0};
#pragma omp parallel
  {
#pragma omp single
    broadcast();
#pragma omp for reduction(+ : mine)
    for (int i = 0; i < 4; i++)
      mine += params[i];
#pragma omp single
    total = reduce(mine);
  }
  if (rank == 0)
    std::printf("templates: %d %d %g\n", its_f, its_d, total);
  if (its_f < 1 || its_d < 1 || total != 10.0 * size)
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
