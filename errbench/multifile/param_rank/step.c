/* The same step as param_uniform: the link step finds that main.c passes
   the rank, so `if (n > 0)' (line 7) differs between processes and the
   MPI_Barrier (line 8) is warned here, at link time; the run stops on
   both sides. */
#include <mpi.h>
void step(MPI_Comm comm, int n) {
  if (n > 0)
    MPI_Barrier(comm); /* BUG: rank 0 skips it */
}
