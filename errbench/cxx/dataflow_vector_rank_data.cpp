// Value flow, source: a std::vector filled with rank-dependent data.
//
// What is wrong: every process pushes its rank into a vector, copies it,
// and sums the copy's elements; only the processes whose sum is positive
// (all but rank 0) call MPI_Barrier before the common MPI_Allreduce.
// What push_back, the copy constructor and operator[] carry stays
// rank-dependent: the branch is flagged and the run stops.
//
// description: value flow: a std::vector filled by push_back with the rank, copied, guards a barrier: warning, stops
// expect-warning: 30 collective-mismatch
// expect-conditional: 29
// expect-run: 2 stop
// expect-run: 3 stop
#include <mpi.h>
#include <vector>

int main(int argc, char **argv)
{
  int rank;
  double one = 1.0, total = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<int> ranks;
  ranks.push_back(rank);
  std::vector<int> copy(ranks);
  int sum = 0;
  for (std::size_t i = 0; i < copy.size(); ++i)
    sum += copy[i];
  if (sum > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&one, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
