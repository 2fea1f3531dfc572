// A method writing through a reference member.
//
// What is wrong: Counter::add adds the rank to main's `steps' through the
// reference member steps_, so the loop of line 35 runs a different number
// of barriers on each process.  What the callee leaves behind the
// reference reaches main's variable: warned, and the run stops.
//
// description: C++ method adding the rank through a reference member, loop over MPI_Barrier
// expect-warning: 36 collective-mismatch
// expect-conditional: 35
// expect-run: 2 stop
// expect-run: 1 ok
#include <mpi.h>
#include <cstdio>

class Counter {
public:
  explicit Counter(int &steps) : steps_(steps) {}
  void add(int by) { steps_ += by; }

private:
  int &steps_;
};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int steps = 2;
  {
    Counter counter(steps);
    counter.add(rank);
  }
  for (int i = 0; i < steps; ++i)
    MPI_Barrier(MPI_COMM_WORLD);
  std::printf("rank %d: %d barriers\n", rank, steps);
  MPI_Finalize();
  return 0;
}
