// A C++ class whose inline methods loop over collectives as many times as
// a member says, the member being set from a broadcast value.
//
// Why it is correct: rank 0 chooses the number of sweeps, MPI_Bcast gives
// it to every process, and the constructor stores it in sweeps_; relax()
// runs that many MPI_Allreduce calls on every process.  relax() is an
// inline method (other files could call it with other objects), so
// PARCOACH takes its `this' from this file's one call, in main, in a copy
// of relax() local to this file: the other files calling it get their own
// (plugin/core/DESIGN, "Precision").  No warning, no live check.
//
// description: C++ inline method looping over MPI_Allreduce as many times as a broadcast member says: silent
// expect-run: 2 ok
// expect-run: 3 ok
#include <mpi.h>
#include <cstdio>

class Relaxation {
public:
  Relaxation(MPI_Comm comm, int sweeps) : comm_(comm), sweeps_(sweeps) {}

  double relax(double value) const
  {
    for (int sweep = 0; sweep < sweeps_; ++sweep) {
      double mean = 0.0;
      MPI_Allreduce(&value, &mean, 1, MPI_DOUBLE, MPI_SUM, comm_);
      value = 0.5 * (value + mean / size());
    }
    return value;
  }

private:
  int size() const
  {
    int n = 1;
    MPI_Comm_size(comm_, &n);
    return n;
  }

  MPI_Comm comm_;
  int sweeps_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0, sweeps = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    sweeps = 5;
  MPI_Bcast(&sweeps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  {
    Relaxation relaxation(MPI_COMM_WORLD, sweeps);
    double value = relaxation.relax(static_cast<double>(rank));
    if (rank == 0)
      std::printf("relaxed value %.6f\n", value);
  }
  MPI_Finalize();
  return 0;
}
