/* The setup helpers of a particle code, with a bug: rank 0 reads the run
   parameters but never broadcasts them, the other processes keep the
   defaults.  The callers (main.c) pass heap blocks of their own. */
#include <mpi.h>

void read_parameters(MPI_Comm comm, int *params, int n)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  for (int i = 0; i < n; i++)
    params[i] = 2 * (i + 1); /* the defaults */
  if (rank == 0)
    for (int i = 0; i < n; i++)
      params[i] = 4 * (i + 1); /* what the input file says */
}

void count_all(MPI_Comm comm, int local, int *counts)
{
  MPI_Allgather(&local, 1, MPI_INT, counts, 1, MPI_INT, comm);
}
