/* n comes from outer (outer.c), which passes its own parameter, which
   main.c sets to the rank: it differs between processes. */
#include <mpi.h>
void inner(MPI_Comm comm, int n) {
  if (n > 1)
    MPI_Barrier(comm); /* BUG: rank 0 skips it */
}
