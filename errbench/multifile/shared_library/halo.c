#include <mpi.h>
void exchange(MPI_Comm comm) {
  double local = 1.0, global;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
}
