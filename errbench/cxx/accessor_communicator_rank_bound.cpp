// Erroneous twin of correct/cxx_accessor_communicator.cpp: the loop also
// stops after 3 + c.rank() iterations, read through the other accessor.
// The accessor giving the communicator does not make the rank the same
// everywhere: rank 0 leaves the loop first and the others call
// MPI_Allreduce once more.  Warned at the MPI_Allreduce; with 2 processes
// the check before it stops the run.
//
// description: loop bound from the rank read through an accessor, around an Allreduce on c.comm(): warned, stops with 2 processes
// expect-warning: 38 collective-mismatch
// expect-conditional: 40
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

class Communicator {
public:
  explicit Communicator(MPI_Comm parent) {
    MPI_Comm_dup(parent, &comm_);
    MPI_Comm_rank(comm_, &rank_);
  }
  ~Communicator() { MPI_Comm_free(&comm_); }
  Communicator(const Communicator &) = delete;
  Communicator &operator=(const Communicator &) = delete;
  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }

private:
  MPI_Comm comm_;
  int rank_;
};

static int solve(const Communicator &c, double tol) {
  double residual = 1.0, local = 1.0;
  int iterations = 0;
  do {
    local *= 0.5;
    MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, c.comm());
    ++iterations;
  } while (residual > tol && iterations < 3 + c.rank());
  return iterations;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Communicator world(MPI_COMM_WORLD);
    int iterations = solve(world, 1e-12);
    std::printf("rank %d: %d iterations\n", world.rank(), iterations);
  }
  MPI_Finalize();
  return 0;
}
