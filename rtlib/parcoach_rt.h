/* PARCOACH run-time checks.  The plugin inserts calls to these functions
   before the collectives of the functions it could not prove correct, and
   before those functions return.  Each check is one collective operation on
   the communicator of the collective it guards; it is silent when every
   process of that communicator is about to do the same thing, and otherwise
   prints one line per process and stops the job with MPI_Abort.

   Every check takes the facts the compiler knew about the call site:
     colour        the collective's position in mpi_collectives.def plus one,
                   or PARCOACH_COLOUR_EXIT (0) for "leaving the function"
     when          PARCOACH_CHECK_ALWAYS in a function the compiler flagged;
                   PARCOACH_CHECK_IF_ARMED in a function it proved correct:
                   such a dormant check runs only while the calling thread is
                   inside a flagged function (between enter and leave below),
                   where the flagged function's own checks need partners
     file, line    where the collective (or the return) is
     function      the enclosing function, as the user wrote it
     conditionals  the source lines of the conditionals the compiler blamed,
                   e.g. "9, 14" (may be empty)

   No check runs before MPI_Init or after MPI_Finalize, nor on
   MPI_COMM_NULL or an inter-communicator.  */
#ifndef PARCOACH_RT_H
#define PARCOACH_RT_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PARCOACH_COLOUR_EXIT 0
/* Exit code passed to MPI_Abort when a check fails.  */
#define PARCOACH_ABORT_CODE 86

#define PARCOACH_CHECK_ALWAYS 0
#define PARCOACH_CHECK_IF_ARMED 1

#define PARCOACH_SITE_PARAMS \
  int colour, int when, const char *file, int line, const char *function, \
  const char *conditionals

/* A flagged function starts with `saved = parcoach_enter_checked_region ()'
   and passes `saved' to parcoach_leave_checked_region wherever it leaves:
   restoring the depth rather than decrementing it keeps the count right
   when an exception or longjmp skips some callee's leave.  */
int parcoach_enter_checked_region (void);
void parcoach_leave_checked_region (int saved);

/* C and C++ (handles by value, or by address for MPI_Comm_free & co.).  */
void parcoach_check_comm (MPI_Comm comm, PARCOACH_SITE_PARAMS);
void parcoach_check_comm_ptr (const MPI_Comm *comm, PARCOACH_SITE_PARAMS);
void parcoach_check_win (MPI_Win win, PARCOACH_SITE_PARAMS);
void parcoach_check_win_ptr (const MPI_Win *win, PARCOACH_SITE_PARAMS);
void parcoach_check_file (MPI_File fh, PARCOACH_SITE_PARAMS);
void parcoach_check_file_ptr (const MPI_File *fh, PARCOACH_SITE_PARAMS);
/* MPI_COMM_WORLD (before MPI_Finalize).  */
void parcoach_check_world (PARCOACH_SITE_PARAMS);

/* Fortran (`use mpi', mpif.h): every handle is an INTEGER passed by
   reference, converted with MPI_Comm_f2c, MPI_Win_f2c, MPI_File_f2c.  */
void parcoach_check_fortran_comm (const MPI_Fint *comm, PARCOACH_SITE_PARAMS);
void parcoach_check_fortran_win (const MPI_Fint *win, PARCOACH_SITE_PARAMS);
void parcoach_check_fortran_file (const MPI_Fint *fh, PARCOACH_SITE_PARAMS);

/* Name of a colour: "MPI_Barrier", or "leaving the function" for 0, or
   "an unknown collective" for a colour this runtime does not know.  */
const char *parcoach_colour_name (int colour);

#ifdef __cplusplus
}
#endif

#endif
