/* Reductions with a serial fast path: with one process in the job the
 * local value is the global one. */
#include <mpi.h>

double global_max(double local) {
  int nprocs;
  double g;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs > 1)
    MPI_Allreduce(&local, &g, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  else
    g = local;
  return g;
}

double global_min(double local) {
  int nprocs;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs < 2)
    return local;
  double g;
  MPI_Allreduce(&local, &g, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  return g;
}
