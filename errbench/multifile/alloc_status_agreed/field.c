#include <mpi.h>
#include <stdlib.h>

/* Allocates *x on every process; 0 when every process succeeded. */
int alloc_field(MPI_Comm comm, int n, double **x)
{
  int ok = (*x = malloc(n * sizeof **x)) != NULL, all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, comm);
  if (!all_ok) {
    free(*x);
    *x = NULL;
    return 1;
  }
  for (int i = 0; i < n; i++)
    (*x)[i] = 0.0;
  return 0;
}
