#include <mpi.h>

double reduce_sum(double mine, MPI_Comm comm)
{
  double sum = 0;
  MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
  return sum;
}
