// A correct C++ class: the constructor and the methods call their
// collectives on every process, and the rank-dependent code (the root's
// initial value, the output) does not decide any collective.  A
// destructor frees the duplicated communicator (MPI_Comm_free is collective)
// and is run by every process.  No warning.
//
// description: C++ classes with collectives in the constructor, methods and destructor, all unconditional: silent
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>
#include <vector>

class Communicator {
public:
  explicit Communicator(MPI_Comm parent) { MPI_Comm_dup(parent, &comm_); }
  ~Communicator() { MPI_Comm_free(&comm_); }
  Communicator(const Communicator &) = delete;
  Communicator &operator=(const Communicator &) = delete;

  int rank() const {
    int r;
    MPI_Comm_rank(comm_, &r);
    return r;
  }
  double sum(double x) const {
    double s = 0.0;
    MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return s;
  }
  void broadcast(std::vector<double> &v, int root) const {
    int n = static_cast<int>(v.size());
    MPI_Bcast(&n, 1, MPI_INT, root, comm_);
    v.resize(n);
    MPI_Bcast(v.data(), n, MPI_DOUBLE, root, comm_);
  }

private:
  MPI_Comm comm_;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Communicator world(MPI_COMM_WORLD);
    std::vector<double> data;
    if (world.rank() == 0)
      data = {1.0, 2.0, 3.0};
    world.broadcast(data, 0);
    double total = world.sum(data.empty() ? 0.0 : data.back());
    if (world.rank() == 0)
      std::printf("total %g\n", total);
  } // ~Communicator: MPI_Comm_free on every process
  MPI_Finalize();
  return 0;
}
