/* Reductions of a CG solver's linear-algebra file: the results are
   MPI_Allreduce outputs, the same on every process whatever the local
   vectors hold. */
#include <mpi.h>

double dot(const double *x, const double *y, int n, MPI_Comm comm) {
  double local = 0.0, global;
  for (int i = 0; i < n; i++)
    local += x[i] * y[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

void global_max(double local, double *result, MPI_Comm comm) {
  MPI_Allreduce(&local, result, 1, MPI_DOUBLE, MPI_MAX, comm);
}

int any_error(int local_error, MPI_Comm comm) {
  int global;
  MPI_Allreduce(&local_error, &global, 1, MPI_INT, MPI_LOR, comm);
  return global;
}
