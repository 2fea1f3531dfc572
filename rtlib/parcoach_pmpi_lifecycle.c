/* The MPI_Init* / MPI_Finalize interceptions of the runtime (profiling
   interface: MPI_X here calls PMPI_X).  Each piece of the runtime that
   needs to act at these points gets one hook function, declared in
   parcoach_internal.h, called from here: so that one file only defines
   these MPI_ names.  */
#include "parcoach_internal.h"

__attribute__ ((visibility ("default"))) int
MPI_Finalize (void)
{
  /* Before PMPI_Finalize: the hooks may still stop the job.  */
  parcoach_requests_at_finalize ();
  return PMPI_Finalize ();
}
