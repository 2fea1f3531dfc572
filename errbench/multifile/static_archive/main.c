/* The solver's functions come from a static archive, libsolver.a (built
   with the plugin): solver_checkpoint() runs MPI_Gather then
   MPI_Barrier.  Only rank 0 writes the checkpoint: the
   link step reads the archive's members and warns at line 15, with a note
   at the `if' of line 14. */
#include <mpi.h>
#include "solver.h"

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  solver_init(MPI_COMM_WORLD);
  if (rank == 0)
    solver_checkpoint(MPI_COMM_WORLD); /* BUG: rank 0 only */
  MPI_Finalize();
  return 0;
}
