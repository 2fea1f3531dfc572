// The driver: one communicator object for the whole run; its size (cached
// by the constructor in comm.cpp) decides whether to synchronise.
#include "comm.hpp"
#include <cstdio>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  {
    Communicator world(MPI_COMM_WORLD);
    double mass = world.sum(1.0 + world.rank());
    if (world.size() > 1)
      world.barrier();
    if (world.rank() == 0)
      std::printf("total mass %g on %d processes\n", mass, world.size());
  }
  MPI_Finalize();
  return 0;
}
