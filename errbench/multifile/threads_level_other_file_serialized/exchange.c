/* The ring exchange of one value with each neighbour, and the same run by
   the master thread of the calling team while the others wait at the
   barrier (an orphaned master region: only the main thread makes the MPI
   calls, whatever the team calling it).  */
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

void exchange_by_master(double *left, double *right, int rank, int size)
{
#pragma omp master
  exchange(left, right, rank, size);
#pragma omp barrier
}
