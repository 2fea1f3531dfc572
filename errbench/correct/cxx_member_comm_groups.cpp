// Groups of processes with their own solver objects (C++): a `Group'
// class splits the world by node-like groups of two (MPI_Comm_split in
// its constructor, MPI_Comm_free in its destructor) and keeps the
// communicator as a member; its methods reduce (norm, MPI_Allreduce),
// gather (MPI_Allgather) and synchronise (MPI_Barrier) on that member.
// main loops `while (g.norm(v) > tol)': each group leaves after its own
// number of iterations, but every collective of the loop is on the
// group's communicator, whose members all see the same norm.  The world
// meets again after the loop.  Nothing to warn, nothing to stop.
//
// description: C++ class holding an MPI_Comm_split communicator as a member, loop in main on a method's MPI_Allreduce result, group collectives in the loop, world reduction after it
// expect-run: 2 ok
// expect-run: 3 ok
// expect-run: 4 ok
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <vector>

class Group {
public:
  explicit Group(MPI_Comm parent) {
    int rank;
    MPI_Comm_rank(parent, &rank);
    id_ = rank / 2;
    MPI_Comm_split(parent, id_, rank, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  ~Group() { MPI_Comm_free(&comm_); }
  Group(const Group &) = delete;
  Group &operator=(const Group &) = delete;

  int id() const { return id_; }
  int rank() const { return rank_; }

  double norm(const std::vector<double> &v) const {
    double local = 0.0, global = 0.0;
    for (double x : v)
      local += x * x;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    return std::sqrt(global);
  }

  // Every member's first entry, in rank order.
  std::vector<double> heads(const std::vector<double> &v) const {
    std::vector<double> all(size_);
    double mine = v.empty() ? 0.0 : v[0];
    MPI_Allgather(&mine, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, comm_);
    return all;
  }

  void sync() const { MPI_Barrier(comm_); }

private:
  MPI_Comm comm_;
  int id_ = 0, rank_ = 0, size_ = 1;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int iterations = 0, most = 0;
  {
    Group g(MPI_COMM_WORLD);
    std::vector<double> v(32, 1.0 + g.id());
    while (g.norm(v) > 1e-3) {
      std::vector<double> h = g.heads(v);
      for (double &x : v)
        x *= 0.5 + 0.1 * (h.size() > 1 ? 1.0 : 0.0);
      g.sync();
      ++iterations;
    }
    MPI_Allreduce(&iterations, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (g.id() == 0 && g.rank() == 0)
      std::printf("group 0: %d iterations, most %d\n", iterations, most);
  }
  MPI_Finalize();
  return iterations > 0 && most >= iterations ? 0 : 1;
}
