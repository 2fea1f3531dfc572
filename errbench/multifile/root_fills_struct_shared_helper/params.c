/* Gives every process rank 0's parameters: the whole struct, as bytes. */
#include <mpi.h>
#include "params.h"

void share_params(params_t *params)
{
  MPI_Bcast(params, sizeof *params, MPI_BYTE, 0, MPI_COMM_WORLD);
}
