#include <mpi.h>
#include <stdlib.h>

/* Rank 0 reads the number of steps, every process gets it by MPI_Bcast:
   the result is the same on every process. */
int read_steps(void) {
  int rank, steps = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    const char *text = getenv("STEPS");
    steps = text ? atoi(text) : 3;
  }
  MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return steps;
}
