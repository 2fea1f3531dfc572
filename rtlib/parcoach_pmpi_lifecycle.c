/* MPI_Finalize interception, shared by the parts of the runtime that need
   it (profiling interface: MPI_Finalize here calls PMPI_Finalize).  Each
   part gets one hook, declared in parcoach_internal.h, called from here:
   only this file defines these MPI_ names.

   Fortran's MPI_FINALIZE reaches PMPI_Finalize directly under Open MPI
   (and MPICH's mpi_f08), so it does not always come here.  */
#include "parcoach_internal.h"

__attribute__ ((visibility ("default"))) int
MPI_Finalize (void)
{
  /* Before PMPI_Finalize: the hooks may still stop the job.  */
  parcoach_requests_at_finalize ();
  parcoach_rma_at_finalize (__builtin_return_address (0));
  return PMPI_Finalize ();
}
