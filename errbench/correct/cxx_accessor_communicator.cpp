// A communicator class as C++ codes write one: the handle is private and
// read through an accessor (`MPI_Comm comm() const { return comm_; }'),
// called at every collective of public functions.  The solver's loop exits on an
// MPI_Allreduce result on c.comm(); a name's length is broadcast, then the
// characters when it is not empty.  What a collective gives on the
// communicator an accessor reads through `this' is the same on every
// process, as for `c.comm_' itself.  Nothing to warn, nothing to stop.
//
// description: private communicator read through an accessor at each collective: loop on an Allreduce result on c.comm(), a broadcast length tested before broadcasting the characters
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>
#include <string>
#include <vector>

class Communicator {
public:
  explicit Communicator(MPI_Comm parent) {
    MPI_Comm_dup(parent, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  ~Communicator() { MPI_Comm_free(&comm_); }
  Communicator(const Communicator &) = delete;
  Communicator &operator=(const Communicator &) = delete;
  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

private:
  MPI_Comm comm_;
  int rank_, size_;
};

int solve(const Communicator &c, std::vector<double> &x, double tol) {
  double residual = 1.0;
  int iterations = 0;
  do {
    double local = 0.0;
    for (double &v : x) {
      v *= 0.5;
      local += v * v;
    }
    MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, c.comm());
    ++iterations;
  } while (residual > tol && iterations < 200);
  return iterations;
}

std::string share_name(const Communicator &c, std::string name) {
  int length = (int)name.size();
  MPI_Bcast(&length, 1, MPI_INT, 0, c.comm());
  if (length > 0) {
    name.resize(length);
    MPI_Bcast(&name[0], length, MPI_CHAR, 0, c.comm());
  }
  return name;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Communicator world(MPI_COMM_WORLD);
    std::vector<double> x(8, world.rank() + 1.0);
    int iterations = solve(world, x, 1e-8);
    std::string name = share_name(world, world.rank() == 0 ? "jacobi" : "");
    if (world.rank() == 0)
      std::printf("%s: %d iterations on %d processes\n", name.c_str(), iterations, world.size());
  }
  MPI_Finalize();
  return 0;
}
