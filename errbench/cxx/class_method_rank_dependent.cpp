// A C++ class whose method calls a collective on some ranks only.
//
// What is wrong: Solver::residual skips the MPI_Allreduce on the root
// (the `if' of line 26), then every rank calls MPI_Barrier.  The root's
// barrier meets the others' allreduce.  The allreduce (order 0) is flagged;
// the barrier (maximal order 1) is called on every path and is not.  At run
// time the root's check before MPI_Barrier meets the others' check before
// MPI_Allreduce: the program stops.
//
// description: C++ method: MPI_Allreduce on a member communicator skipped by the root
// expect-warning: 27 collective-mismatch
// expect-conditional: 26
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

class Solver {
public:
  explicit Solver(MPI_Comm comm) : comm_(comm), rank_(0) {
    MPI_Comm_rank(comm_, &rank_);
  }

  double residual(double local) const {
    double global = local;
    if (rank_ != 0)
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm_);
    MPI_Barrier(comm_);
    return global;
  }

private:
  MPI_Comm comm_;
  int rank_;
};

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Solver solver(MPI_COMM_WORLD);
    std::printf("residual %g\n", solver.residual(1.0));
  }
  MPI_Finalize();
  return 0;
}
