/* Robustness: link-time optimisation, file 2 of 2 (helpers that the LTO
 * partitioner may inline into main). */
#include <mpi.h>

int step(int rank, MPI_Comm comm)
{
  int x = rank;
  if (rank % 2)
    MPI_Barrier(comm);
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, comm);
  return x;
}

int helper_loop(int n, MPI_Comm comm)
{
  int i;
  for (i = 0; i < n; i++)
    MPI_Barrier(comm);
  return i;
}
