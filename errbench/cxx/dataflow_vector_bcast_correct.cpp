// Value flow, uniform: a configuration broadcast in a std::vector<int>.
//
// Correct: rank 0 alone reads the configuration (from the command line);
// a helper of internal linkage broadcasts the whole vector, data() with
// size() elements of MPI_INT, so afterwards every element (and the size)
// is the same on every process.  The loop bound, the branch on an element
// and the loop over the vector's elements decide collectives the same way
// on every process: no warning.  PARCOACH knows std::vector's members by
// their meaning (plugin/core/DESIGN, "Precision"), not by libstdc++'s bodies.
//
// description: value flow: a std::vector<int> configuration broadcast whole (data(), size()) bounds loops of collectives: no warning, runs
// expect-run: 2 ok
// expect-run: 3 ok
// expect-run: 1 ok
#include <mpi.h>
#include <cstdlib>
#include <vector>

namespace {

void broadcast(std::vector<int> &values, MPI_Comm comm)
{
  MPI_Bcast(values.data(), static_cast<int>(values.size()), MPI_INT, 0, comm);
}

} // namespace

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<int> config{0, 0, 0};
  if (rank == 0) {
    config[0] = argc > 1 ? std::atoi(argv[1]) : 3; // steps
    config[1] = argc > 2 ? std::atoi(argv[2]) : 1; // verbose
    config[2] = argc > 3 ? std::atoi(argv[3]) : 2; // repeats
  }
  broadcast(config, MPI_COMM_WORLD);
  const int steps = config[0];
  double total = 0.0, one = 1.0;
  for (int step = 0; step < steps; ++step)
    MPI_Allreduce(&one, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (config[1] != 0)
    MPI_Barrier(MPI_COMM_WORLD);
  for (int k = 0; k < config[2]; ++k)
    MPI_Bcast(&total, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  std::vector<double> weights(3, 0.0);
  if (rank == 0)
    weights[1] = 0.5;
  MPI_Bcast(&weights[0], weights.size(), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (weights[1] > 0.0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
