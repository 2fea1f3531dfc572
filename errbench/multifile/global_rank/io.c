#include <mpi.h>

int nsteps = 0; /* read by main.c */

/* BUG: every process stores a value of its own (no broadcast). */
void read_params(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  nsteps = rank + 2;
}
