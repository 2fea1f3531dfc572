/* The ring exchange of one value with each neighbour: plain MPI calls in
   sequential code, whichever thread of a team calls it.  */
#include <mpi.h>

void exchange(double *left, double *right, int rank, int size)
{
  double mine = rank;
  int next = (rank + 1) % size, previous = (rank + size - 1) % size;

  MPI_Sendrecv(&mine, 1, MPI_DOUBLE, next, 0, left, 1, MPI_DOUBLE, previous, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&mine, 1, MPI_DOUBLE, previous, 1, right, 1, MPI_DOUBLE, next, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
