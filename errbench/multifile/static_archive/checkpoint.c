#include "solver.h"
void solver_checkpoint(MPI_Comm comm) {
  int rank, all[64];
  MPI_Comm_rank(comm, &rank);
  MPI_Gather(&rank, 1, MPI_INT, all, 1, MPI_INT, 0, comm);
  MPI_Barrier(comm);
}
