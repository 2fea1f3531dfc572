/* The setup helpers of a particle code: rank 0 reads the run parameters
   and broadcasts them; every process learns how many particles each one
   holds.  The callers (main.c) pass heap blocks of their own. */
#include <mpi.h>

void read_parameters(MPI_Comm comm, int *params, int n)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0)
    for (int i = 0; i < n; i++)
      params[i] = 4 * (i + 1); /* steps, spread, tolerance... */
  MPI_Bcast(params, n, MPI_INT, 0, comm);
}

void count_all(MPI_Comm comm, int local, int *counts)
{
  MPI_Allgather(&local, 1, MPI_INT, counts, 1, MPI_INT, comm);
}
