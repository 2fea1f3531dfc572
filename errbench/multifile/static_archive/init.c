#include "solver.h"
#include <stdio.h>
void solver_init(MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  printf("solver on %d processes\n", size);
}
