#include "step.h"

void step(MPI_Comm comm) { MPI_Barrier(comm); }
