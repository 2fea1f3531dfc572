/* step's parameters come from other files: alone, this file cannot tell
   whether `n' is the same on every process.  The link step reads every
   call of step in the program (main.c passes 3, then n - 1 from here):
   the same everywhere, no warning. */
#include <mpi.h>
void step(MPI_Comm comm, int n) {
  if (n > 0) {
    MPI_Barrier(comm);
    step(comm, n - 1);
  }
}
