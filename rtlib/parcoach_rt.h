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
                   where the flagged function's own checks need partners;
                   PARCOACH_CHECK_ONCE_PER_TEAM (below)
     file, line    where the collective (or the return) is
     function      the enclosing function, as the user wrote it
     conditionals  the source lines of the conditionals the compiler blamed,
                   e.g. "9, 14" (may be empty)

   No check runs before MPI_Init or after MPI_Finalize, nor on
   MPI_COMM_NULL or an inter-communicator.  A failed check, and the
   watchdog, stop the job with MPI_Abort (MPI_COMM_WORLD,
   PARCOACH_ABORT_CODE).

   Environment variables (read once per process, at its first check; all
   off when unset or empty):

   PARCOACH_TIMEOUT=SECONDS   the watchdog (a positive number, fractions
       allowed: "30", "0.5").  A check that has not completed after that
       long -- its partners never reached a matching check: they are in a
       collective on another communicator, or in code compiled without
       PARCOACH -- prints on stderr
         PARCOACH: rank R of communicator of size N has waited S s in the
         check before MPI_X at FILE:LINE in function F; other processes
         never reached a matching check (a collective on another
         communicator, or code compiled without PARCOACH?)
       (one line) and stops the job.  Every process stuck in a check since
       about the same time prints its line (the first one to give up waits
       0.4 s before the abort).  With the watchdog on, the check's
       collective is an MPI_Iallreduce completed by MPI_Test: spinning for
       the first 10 ms, then sleeping between tests (50 us doubling up to
       5 ms).  Unset, the check is a blocking MPI_Allreduce and the option
       costs one atomic load.  A value that is not a positive number is
       ignored with one warning line per process.

   PARCOACH_HANG_TIMEOUT=SECONDS|off   the hang detector
       (parcoach_nohang.c): how long every process of MPI_COMM_WORLD must
       have waited in checks and bracketed calls (parcoach_blocking_enter)
       before the job is stopped with one line per rank; default 10.

   PARCOACH_STATS=FILE   per-call-site statistics of the checks that ran
       (a dormant check that did not run is not counted).  Each process
       counts, per site (file, line, function, colour), the checks and the
       seconds spent in them (a monotonic clock); at MPI_Finalize (an
       attribute delete callback on MPI_COMM_SELF, set at the process's
       first check) the counts are gathered to rank 0 of MPI_COMM_WORLD,
       which writes FILE (one file for the job), as JSON:
         {"version": 1, "processes": 4, "complete": true, "sites": [
           {"file": "app.c", "line": 12, "function": "solve",
            "collective": "MPI_Allreduce", "colour": 13, "ranks": 4,
            "checks": 4000, "checks_per_rank_max": 1000,
            "seconds_total": 0.0123, "seconds_max": 0.0041}, ...]}
       processes: size of MPI_COMM_WORLD; complete: false if a process ran
       out of memory while counting; one object per site, sorted by file,
       line, colour; collective: parcoach_colour_name (colour); ranks: how
       many processes ran checks there; checks: their sum;
       checks_per_rank_max, seconds_max: the largest process's figure;
       seconds_total: the sum over processes.  The gathering is a
       collective on MPI_COMM_WORLD among the processes that ran a check:
       if some process ran none (it does not take part), the others give
       up after PARCOACH_TIMEOUT seconds (60 if unset) with one line
       "PARCOACH: rank R: no statistics written to FILE: ..." and
       MPI_Finalize goes on.  No file is written if no process ran a
       check.  Counting takes a mutex per check (only with this option).

   Every MPI call of the runtime goes through its PMPI_ name, so that a
   profiling tool (which intercepts the MPI_ names) sees only the
   application's calls, with or without these options.  */
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
/* A function-exit check of a function that every thread of an OpenMP team
   calls (-fplugin-arg-parcoach-context=parallel): only thread 0 of the team
   runs it, so that the process checks once (thesis Algorithm 20).  */
#define PARCOACH_CHECK_ONCE_PER_TEAM 2

/* The last parameters of every check.  */
#define PARCOACH_SITE_TAIL_PARAMS \
  int when, const char *file, int line, const char *function, \
  const char *conditionals
#define PARCOACH_SITE_PARAMS int colour, PARCOACH_SITE_TAIL_PARAMS

/* A flagged function starts with `saved = parcoach_enter_checked_region ()'
   and passes `saved' to parcoach_leave_checked_region wherever it leaves:
   restoring the depth rather than decrementing it keeps the count right
   when an exception or longjmp skips some callee's leave.  */
int parcoach_enter_checked_region (void);
void parcoach_leave_checked_region (int saved);

/* The work a function creates for other threads (the body of a parallel
   region, a task) starts with `saved = parcoach_enter_work (active)' and
   ends with parcoach_leave_work (saved): with ACTIVE (the function is
   flagged), the thread that runs it is inside a flagged function
   meanwhile, whichever thread it is.  */
int parcoach_enter_work (int active);
void parcoach_leave_work (int saved);

/* Work carries the arming of the thread that created it
   (gimple/work_arming.h): before a task or parallel directive, `armed =
   parcoach_work_armed ()' (the creating thread is inside a flagged
   function); the body, on whichever thread runs it, starts with `saved =
   parcoach_enter_created_work (armed)', armed exactly when its creator
   was, and ends with parcoach_leave_created_work (saved).  */
int parcoach_work_armed (void);
int parcoach_enter_created_work (int armed);
void parcoach_leave_created_work (int saved);

/* A function whose calls to functions of other files the link step found
   running collectives where not all processes may call them
   (rtlib/parcoach_link.c) starts with `saved =
   parcoach_enter_linked_region (KEY)' and ends with parcoach_leave_work
   (saved): the same as parcoach_enter_work (1) when parcoach-link listed
   KEY in the program, nothing otherwise.  */
int parcoach_enter_linked_region (const char *key);

/* One check per way the handle comes: C and C++ handles by value, or by
   address (MPI_Comm_free & co.); Fortran (`use mpi', mpif.h) INTEGER
   handles by reference, converted with MPI_Comm_f2c, MPI_Win_f2c,
   MPI_File_f2c: parcoach_check_comm, _comm_ptr, _win, _win_ptr, _file,
   _file_ptr, _fortran_comm, _fortran_win, _fortran_file (the list:
   parcoach_rt_checks.def).  */
#define PARCOACH_HANDLE_CHECK(name, parameter, present, handle, checked_as, \
                              args, kinds, language) \
  void parcoach_check_##name (parameter h, PARCOACH_SITE_PARAMS);
#include "parcoach_rt_checks.def"
#undef PARCOACH_HANDLE_CHECK
/* MPI_COMM_WORLD (before MPI_Finalize).  */
void parcoach_check_world (PARCOACH_SITE_PARAMS);

/* The checks before a collective on a communicator argument (C and
   Fortran), which also compare, in the same reduction as the colour, the
   arguments every process must give alike (PARCOACH_ARGUMENTS in
   mpi_collectives.def): the root, the reduction operation (predefined
   operations only: a user-defined one matches anything), and the data
   size, count x datatype size in bytes, of each side of the data where
   the standard makes it significant (the root's receive side of
   MPI_Gather only at the root, say; nothing for a side whose buffer is
   MPI_IN_PLACE).  Each argument comes by address, NULL when the compiler
   has none (the collective has no such argument, or a function-exit
   check); the buffers are the call's own.  From Fortran the addresses are
   those of the INTEGER arguments, handles converted with MPI_Op_f2c and
   MPI_Type_f2c, and a buffer is NULL when it is MPI_IN_PLACE.

   When the processes call the same collective but disagree on an
   argument, every process prints one line naming it and the values seen
   (gathered with one more collective, on this error path only), e.g.
     PARCOACH: rank 3 of communicator of size 4 stops before MPI_Bcast at
     app.c:12 in function f: processes call it with different roots:
     root 0 on ranks 0-2, root 1 on rank 3
   ("different reduction operations: MPI_SUM on ranks 0-2, MPI_MAX on rank
   3", "different data sizes (count x datatype size): 4 bytes on rank 1,
   8 bytes on ranks 0,2-3", "different datatypes (type signatures): 1 x
   4-byte integer on rank 0, 1 x 4-byte floating-point on rank 1"), and
   the job stops.  The root is reported first, then the operation, then
   the size, then the type signature: a summary of it, how many basic
   values of each class (integer, floating-point, complex, logical,
   character, value-index pair; and size) whatever their order, so that
   MPI_INT matches MPI_INT32_T and a derived type its expansion, and
   MPI_BYTE, MPI_PACKED or an unknown type match anything.  The check
   stays one 8-byte MPI_Allreduce: roots, sizes and signatures are
   compared through a 16-bit hash, so a difference escapes a check with a
   probability of about 1/64516 (equal values never stop a program).

   The checks without arguments above compare the colour only.  */
void parcoach_check_comm_args (MPI_Comm comm, int colour, const int *root,
                               const MPI_Op *op, const void *send_buf,
                               const int *send_count,
                               const MPI_Datatype *send_type,
                               const void *recv_buf, const int *recv_count,
                               const MPI_Datatype *recv_type,
                               PARCOACH_SITE_TAIL_PARAMS);
void parcoach_check_fortran_comm_args (const MPI_Fint *comm, int colour,
                                       const MPI_Fint *root,
                                       const MPI_Fint *op,
                                       const void *send_buf,
                                       const MPI_Fint *send_count,
                                       const MPI_Fint *send_type,
                                       const void *recv_buf,
                                       const MPI_Fint *recv_count,
                                       const MPI_Fint *recv_type,
                                       PARCOACH_SITE_TAIL_PARAMS);

/* The plugin brackets every blocking point-to-point call (MPI_Send,
   MPI_Recv, MPI_Sendrecv, MPI_Probe, MPI_Wait...) of the code it compiles
   with these two: they record where the process waits (CALL is the C
   name), for the hang detector (parcoach_nohang.c, rtlib/DESIGN
   "The hang detector"): a few stores, no communication.  */
void parcoach_blocking_enter (const char *call, const char *file, int line,
                              const char *function);
void parcoach_blocking_leave (void);

/* Name of a colour: "MPI_Barrier", or "leaving the function" for 0, or
   "an unknown collective" for a colour this runtime does not know.  */
const char *parcoach_colour_name (int colour);

/* Nonblocking requests (parcoach_requests.c): the plugin calls this right
   before a nonblocking MPI call, so that a request of that call still
   active at MPI_Finalize is reported at FILE:LINE (the runtime tracks the
   requests through the profiling interface, with or without it; see
   parcoach_requests.c and the README).  */
void parcoach_request_site (const char *file, int line);

/* Before a load or store that may touch the buffer of a pending
   nonblocking operation or RMA origin buffer (gimple/buffer_checks.h):
   stops the program if it does (rtlib/parcoach_buffers.c).  */
void parcoach_buffer_access (const void *address, unsigned long size, int writes,
                             const char *file, int line);

/* Before a loop whose buffer checks the plugin hoisted: whether no pending
   operation forbids any byte of the interval to a read (WRITES 0) or a
   write; never stops (rtlib/parcoach_buffers.c).  */
int parcoach_buffer_range_allowed (const void *address, unsigned long size, int writes);

#ifdef __cplusplus
}
#endif

#endif
