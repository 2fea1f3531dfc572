#include <mpi.h>
#include <stdlib.h>

/* Allocates *x; returns this process's own status, which rank 1 makes a
 * failure: the processes do not agree on it. */
int alloc_field(MPI_Comm comm, int n, double **x)
{
  int rank;
  MPI_Comm_rank(comm, &rank);
  *x = malloc(n * sizeof **x);
  if (*x == NULL || rank == 1) {
    free(*x);
    *x = NULL;
    return 1;
  }
  for (int i = 0; i < n; i++)
    (*x)[i] = 0.0;
  return 0;
}
