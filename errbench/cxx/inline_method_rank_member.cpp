// The same inline method as inline_method_uniform_member.cpp, with the
// number of sweeps taken from the rank: process r runs r + 1 allreduces.
//
// What is wrong: the loop of line 24 stops after a different number of
// iterations on each process, so the extra MPI_Allreduce of rank 1 meets
// rank 0's MPI_Finalize.  relax()'s `this' comes from this file's call in
// main, whose object holds rank + 1: the loop is warned, and the run-time
// checks of this file's copy of relax() stop the program.
//
// description: C++ inline method looping over MPI_Allreduce as many times as a rank-dependent member says
// expect-warning: 26 collective-mismatch
// expect-conditional: 24
// expect-run: 2 stop
// expect-run: 1 ok
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
      value = 0.5 * (value + mean);
    }
    return value;
  }

private:
  MPI_Comm comm_;
  int sweeps_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  {
    Relaxation relaxation(MPI_COMM_WORLD, rank + 1);
    double value = relaxation.relax(static_cast<double>(rank));
    std::printf("rank %d: relaxed value %.6f\n", rank, value);
  }
  MPI_Finalize();
  return 0;
}
