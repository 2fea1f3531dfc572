// The rank kept in a member of a class, read through member functions and
// through references.
#include <mpi.h>

class Process {
public:
  Process() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const {
    return rank_ == 0; // a value, no conditional
  }
  void sync_if_root() const {
    if (rank_ == 0) // value-flow: rank
      MPI_Barrier(MPI_COMM_WORLD);
  }

private:
  int rank_;
  int size_;
};

static void sync_if_zero(const int &value) {
  if (value == 0) // value-flow: rank
    MPI_Barrier(MPI_COMM_WORLD);
}

static void sync_if_many(const int &count) {
  if (count > 1) // value-flow: uniform
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Process p;
    if (p.rank() == 1) // value-flow: rank
      MPI_Barrier(MPI_COMM_WORLD);
    if (p.size() > 1) // value-flow: uniform
      MPI_Barrier(MPI_COMM_WORLD);
    if (p.is_root()) // value-flow: rank
      MPI_Barrier(MPI_COMM_WORLD);
    p.sync_if_root();
    int r = p.rank();
    const int &alias = r;
    if (alias == 2) // value-flow: rank
      MPI_Barrier(MPI_COMM_WORLD);
    sync_if_zero(r);
    int n = p.size();
    sync_if_many(n);
  }
  MPI_Finalize();
  return 0;
}
