#include <mpi.h>
/* A vendor library compiled WITHOUT the plugin (plain mpicc, see the
   Makefile): PARCOACH never sees its collectives at compile time.  */
double legacy_norm(const double *v, int n, MPI_Comm comm);
