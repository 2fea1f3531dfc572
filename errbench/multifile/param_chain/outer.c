/* Passes its parameter on to inner (inner.c). */
#include <mpi.h>
void inner(MPI_Comm comm, int n);
void outer(MPI_Comm comm, int n) { inner(comm, n + 1); }
