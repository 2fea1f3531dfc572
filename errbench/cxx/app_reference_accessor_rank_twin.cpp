// Twin of correct/app_cxx_reference_accessors.cpp: accessors returning
// references to members, one of them the rank.
//
// What is wrong: the step count is read through steps() (the same on
// every process), but the barrier of line 38 is under `sim.rank() == 0',
// a member read through the reference rank() returns: only rank 0 calls
// it, and its barrier meets the others' MPI_Allreduce.  The read through
// an accessor reads the member it returns (not its neighbours): the
// uniform loop of line 35 is not blamed, the rank test is.
//
// description: C++ accessors returning member references: a loop on a uniform member (silent), a barrier under the rank member read through its accessor (warned)
// expect-warning: 38 collective-mismatch
// expect-conditional: 37
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>

class Sim {
public:
  Sim(int rank) : m_rank(rank), m_steps(3) {}
  int &rank() { return m_rank; }
  int &steps() { return m_steps; }

private:
  int m_rank, m_steps;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Sim sim(rank);
  double v = 1.0, s;
  for (int i = 0; i < sim.steps(); i++) {
    MPI_Allreduce(&v, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (sim.rank() == 0)
      MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Allreduce(&v, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
