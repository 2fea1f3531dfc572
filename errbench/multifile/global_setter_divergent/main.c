/* set_defaults() (io.c) stores a constant in nsteps, but only rank 0 calls
   it (line 15): the test of line 16 sends rank 0 alone to the MPI_Barrier
   of line 17.  io.o's summary says every store is the same everywhere; the
   link step also knows main.c calls set_defaults where not all processes
   may call it, and warns at main.c:17 (conditional at 16); the run
   stops. */
#include <mpi.h>
extern int nsteps;
void set_defaults(void);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) set_defaults();
  if (nsteps > 2)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: rank 0 only */
  MPI_Finalize();
  return 0;
}
