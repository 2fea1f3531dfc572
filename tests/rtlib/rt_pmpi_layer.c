/* A PMPI profiling layer of our own, built as a shared library
   (librt_pmpi_layer.so) and linked AFTER the runtime, the documented
   order for stacking a tool with PARCOACH (rtlib/DESIGN, "Code built
   without the plugin"): it counts
   the MPI_Allreduce and MPI_Barrier calls that reach it and forwards them
   to PMPI_.  The runtime's wrappers (parcoach_pmpi_collectives.c) forward
   to the next MPI_ definition, this layer's, so it must see every call of
   the application exactly once, and none of the runtime's own.  */
#include <mpi.h>

static int allreduce_calls, barrier_calls;

int
MPI_Allreduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
               MPI_Comm c)
{
  allreduce_calls++;
  return PMPI_Allreduce (s, r, n, t, o, c);
}

int
MPI_Barrier (MPI_Comm c)
{
  barrier_calls++;
  return PMPI_Barrier (c);
}

/* What the layer saw, for the program to compare.  */
void
rt_pmpi_layer_counts (int *allreduce, int *barrier)
{
  *allreduce = allreduce_calls;
  *barrier = barrier_calls;
}
