/* How every PARCOACH stop ends the program: one exit status,
   PARCOACH_ABORT_CODE (86), whatever the check that failed (collectives,
   arguments, thread levels, OpenMP barriers, the watchdog).  */
#include "parcoach_internal.h"

#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int
parcoach_mpi_usable (void)
{
  int flag = 0;

  if (PMPI_Initialized (&flag) != MPI_SUCCESS || !flag)
    return 0;
  flag = 1;
  if (PMPI_Finalized (&flag) != MPI_SUCCESS || flag)
    return 0;
  return 1;
}

void
parcoach_stop_program (void)
{
  fflush (stderr);
  /* MPI_COMM_WORLD: aborting a smaller communicator might, in principle,
     stop only its processes, while the others would wait forever.  */
  if (parcoach_mpi_usable ())
    PMPI_Abort (MPI_COMM_WORLD, PARCOACH_ABORT_CODE);
  /* No MPI, or an MPI_Abort that returned: _exit rather than abort, so that
     neither a core dump nor gfortran's backtrace follows the message.  */
  _exit (PARCOACH_ABORT_CODE);
}
