// A class holding its communicator wrapper by reference, as C++ codes do
// (`const Communicator &comm_'), deciding its iterations on allreduced
// values.
//
// Why it is correct: Solver::run loops until the allreduced residual is
// small, and stops early when the allreduced maximum says so; the
// allreduces run on the communicator of the wrapper the reference member
// refers to, MPI_COMM_WORLD, so every process sees the same values.  What
// PARCOACH must follow: the reference member is bound by the constructor
// to main's `world', and Solver::run reads world's communicator through
// it (plugin/core/DESIGN, "Precision").  No warning.
//
// description: C++ reference member to a communicator wrapper, loop on allreduced values: silent
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>

class Communicator {
public:
  explicit Communicator(MPI_Comm comm) : comm_(comm) { MPI_Comm_rank(comm_, &rank_); }
  double sum(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return global;
  }
  double max(double local) const
  {
    double global = 0.0;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm_);
    return global;
  }
  int rank() const { return rank_; }

private:
  MPI_Comm comm_;
  int rank_ = 0;
};

class Solver {
public:
  explicit Solver(const Communicator &comm) : comm_(comm) {}

  int run(double value)
  {
    int iterations = 0;
    double residual = comm_.sum(value);
    while (residual > 1e-3 && iterations < 100) {
      value *= 0.5;
      residual = comm_.sum(value);
      if (comm_.max(value) < 1e-6)
        break;
      ++iterations;
    }
    return iterations;
  }

private:
  const Communicator &comm_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  {
    Communicator world(MPI_COMM_WORLD);
    Solver solver(world);
    int iterations = solver.run(1.0 + world.rank());
    if (world.rank() == 0)
      std::printf("%d iterations\n", iterations);
  }
  MPI_Finalize();
  return 0;
}
