#include <mpi.h>
#include <stdlib.h>

int nsteps = 0; /* read by main.c */

/* Rank 0 reads the parameter, MPI_Bcast gives it to every process: the
   only value this file stores in nsteps is the same everywhere. */
void read_params(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    const char *text = getenv("NSTEPS");
    nsteps = text ? atoi(text) : 3;
  }
  MPI_Bcast(&nsteps, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
