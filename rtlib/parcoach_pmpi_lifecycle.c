/* MPI_Init / MPI_Finalize interception, shared by the parts of the runtime
   that need it: each wrapper calls one hook per part (declared in
   parcoach_internal.h), then the PMPI_ entry point.  Only this file
   defines these MPI_ names.

   MPI_Finalize: parcoach_rma_at_finalize (parcoach_rma.c) stops the job if
   an RMA epoch is still open.  Fortran's MPI_FINALIZE reaches PMPI_Finalize
   directly (Open MPI and MPICH bindings), so it does not come here.  */
#include "parcoach_internal.h"

int
MPI_Finalize (void)
{
  parcoach_rma_at_finalize (__builtin_return_address (0));
  return PMPI_Finalize ();
}
