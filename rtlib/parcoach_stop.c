/* How every PARCOACH stop ends the program: one exit status,
   PARCOACH_ABORT_CODE (86), whatever the check that failed (collectives,
   arguments, thread levels, OpenMP barriers, the watchdog).  */
#include "parcoach_internal.h"

#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

void
parcoach_stop_program (void)
{
  int initialized = 0, finalized = 1;

  fflush (stderr);
  /* MPI_COMM_WORLD: aborting a smaller communicator might, in principle,
     stop only its processes, while the others would wait forever.  */
  if (PMPI_Initialized (&initialized) == MPI_SUCCESS && initialized
      && PMPI_Finalized (&finalized) == MPI_SUCCESS && !finalized)
    PMPI_Abort (MPI_COMM_WORLD, PARCOACH_ABORT_CODE);
  /* No MPI, or an MPI_Abort that returned: _exit rather than abort, so that
     neither a core dump nor gfortran's backtrace follows the message.  */
  _exit (PARCOACH_ABORT_CODE);
}
