#include <mpi.h>
int world_size(void) {
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}
