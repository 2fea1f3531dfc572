// A C++ mini-app class, MPI_THREAD_SERIALIZED: the solver owns a
// duplicated communicator and std::vector fields; step() computes in an
// `omp parallel for' with a reduction, then one thread (single) creates a
// task that calls the member function reducing across processes, and waits
// for it (taskwait) before broadcasting the decision of rank 0.  A task or
// single region calling a function with a collective is fine whichever
// thread runs it: one thread per process, in the same order everywhere.
// The destructor frees the communicator.  Nothing to warn, nothing to stop.
//
// description: C++ class, SERIALIZED: task in a single region calls a member function running MPI_Allreduce, then taskwait and MPI_Bcast
// compile-flags: -fopenmp
// expect-run: 2 ok threads=1
// expect-run: 2 ok threads=2 repeat=3
// expect-run: 2 ok threads=4 repeat=2
// expect-run: 3 ok threads=2
// expect-run-args: instrument=all
#include <mpi.h>
#include <cstdio>
#include <vector>

class Solver {
public:
  explicit Solver(MPI_Comm parent, int cells) : values_(cells, 1.0)
  {
    MPI_Comm_dup(parent, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  ~Solver() { MPI_Comm_free(&comm_); }
  Solver(const Solver &) = delete;
  Solver &operator=(const Solver &) = delete;

  double global_sum(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }

  // One time step; returns the global sum after it.
  double step(int number)
  {
    double local = 0.0, global = 0.0;
    int keep_going = 0;
    const int cells = static_cast<int>(values_.size());
#pragma omp parallel
    {
#pragma omp for reduction(+ : local)
      for (int i = 0; i < cells; i++) {
        values_[i] += number;
        local += values_[i];
      }
#pragma omp single
      {
#pragma omp task shared(global, local)
        global = global_sum(local);
#pragma omp taskwait
        keep_going = rank_ == 0 ? 1 : 0;
        MPI_Bcast(&keep_going, 1, MPI_INT, 0, comm_);
      }
    }
    return keep_going ? global : -1.0;
  }

  int size() const { return size_; }

private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::vector<double> values_;
};

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  int status = 0;
  {
    const int cells = 1000;
    Solver solver(MPI_COMM_WORLD, cells);
    double value = 1.0;
    for (int number = 1; number <= 4; number++) {
      value += number;
      double expected = value * cells * solver.size();
      if (solver.step(number) != expected) {
        std::fprintf(stderr, "step %d: wrong sum\n", number);
        status = 3;
      }
    }
  }
  if (status)
    MPI_Abort(MPI_COMM_WORLD, status);
  MPI_Finalize();
  return 0;
}
