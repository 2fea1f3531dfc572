/* The twin of out_argument_bcast/setup.c with the broadcast of the step
   count forgotten: only rank 0 sets *steps, the others leave the
   caller's uninitialised variable as it was. */
#include <mpi.h>

void read_input(MPI_Comm comm, int *steps, double *tolerance, int *nprocs)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    *steps = 12;
    *tolerance = 1e-3;
  }
  /* forgot: MPI_Bcast(steps, 1, MPI_INT, 0, comm); */
  MPI_Bcast(tolerance, 1, MPI_DOUBLE, 0, comm);
  MPI_Comm_size(comm, nprocs);
}
