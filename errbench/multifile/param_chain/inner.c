/* n comes from outer (outer.c), which passes its own parameter, which
   main.c sets to a constant: the same on every process. */
#include <mpi.h>
void inner(MPI_Comm comm, int n) {
  if (n > 1)
    MPI_Barrier(comm);
}
