// Value flow: a std::vector broadcast only in part, or read before the
// broadcast.
//
// What is wrong: rank 0 fills a two-element vector; MPI_Bcast sends only
// its first element (count 1, not config.size()), so config[1] stays 0 on
// the other processes and only rank 0 calls the MPI_Barrier of line 39
// before the common MPI_Allreduce.  Line 34 branches on the vector before
// the broadcast (rank-dependent too: only rank 0 calls MPI_Barrier at line
// 35).  A broadcast makes a vector uniform only when it provably covers all
// of it: both branches are flagged, and the run stops.
//
// description: value flow: a std::vector<int> broadcast with count 1 (not size()), and read before the broadcast, guards barriers: warnings, stops
// expect-warning: 35 collective-mismatch
// expect-warning: 39 collective-mismatch
// expect-conditional: 34
// expect-conditional: 38
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
  std::vector<int> config(2, 0);
  if (rank == 0) {
    config[0] = 4;
    config[1] = argc;
  }
  // before the broadcast, only rank 0 has the configuration
  if (config[0] > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(config.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  // config[1] was not broadcast
  if (config[1] > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&one, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
