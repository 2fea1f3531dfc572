#include <mpi.h>
void step(MPI_Comm comm);
