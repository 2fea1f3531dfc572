#include <mpi.h>
void solver_init(MPI_Comm comm);
void solver_checkpoint(MPI_Comm comm);
