/* The setup routine of a solver: rank 0 decides the parameters, every
   process receives them by broadcast, and gets the job size; the caller
   (main.c) passes the addresses of its own variables. */
#include <mpi.h>

void read_input(MPI_Comm comm, int *steps, double *tolerance, int *nprocs)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    *steps = 12;
    *tolerance = 1e-3;
  }
  MPI_Bcast(steps, 1, MPI_INT, 0, comm);
  MPI_Bcast(tolerance, 1, MPI_DOUBLE, 0, comm);
  MPI_Comm_size(comm, nprocs);
}
