/* PARCOACH run-time check for OpenMP collectives (thesis Algorithms
   16-17).  The plugin inserts a call before each barrier and worksharing
   construct of a parallel region it could not prove correct, and before
   the end of that region.  Every thread of the team arriving at a check
   waits for the others; when all have arrived, they compare what each is
   about to do.  If they agree the program goes on; otherwise every thread
   prints one line and the program stops (MPI_Abort when MPI is running,
   abort otherwise).

   Constructs a checked region reaches through calls.  A function's
   orphaned barriers and worksharing constructs (outside its own parallel
   regions) bind to whatever team calls it, so each gets a dormant check,
   parcoach_omp_check_if_armed: it runs only while the calling thread's
   team is armed, i.e. between the PARCOACH_OMP_START and PARCOACH_OMP_END
   of a checked region of that team.  Arming is per nesting level (the
   team's omp_get_level ()), so a team opened inside a callee is not armed
   unless its own region is checked, and the outer team is armed again
   once it ends.  Unarmed, a dormant check costs one thread-local read.

   It cannot itself deadlock: while a checked region is active, every
   barrier and worksharing construct its team runs (inline, or in a
   function compiled with the plugin) and the region's end, where the
   implicit barrier is, is preceded by a check, and every thread of the
   team is armed alike, so no thread can wait in a real barrier while
   another waits in a check: either all threads of the team reach a check,
   or some hang elsewhere, where the program would hang without PARCOACH
   too.  Constructs in code compiled without the plugin have no check, and
   a team of one thread is never checked; teams nested deeper than
   PARCOACH_OMP_MAX_ARMED_LEVEL levels are never checked either, live and
   dormant checks alike.

   colour: what the thread is about to do.  PARCOACH_OMP_START (no
   rendezvous): it starts the body of a checked region and arms its team;
   PARCOACH_OMP_END: it reaches the end of the region (and disarms after
   the comparison); then barrier, for/do, sections, single.  The OpenMP
   functions are weak references: the runtime needs no libgomp of its
   own.  */
#ifndef PARCOACH_OMP_H
#define PARCOACH_OMP_H

#ifdef __cplusplus
extern "C" {
#endif

enum
{
  PARCOACH_OMP_START = -1,
  PARCOACH_OMP_END = 0,
  PARCOACH_OMP_BARRIER = 1,
  PARCOACH_OMP_FOR = 2,
  PARCOACH_OMP_SECTIONS = 3,
  PARCOACH_OMP_SINGLE = 4
};

#define PARCOACH_OMP_MAX_ARMED_LEVEL 64

/* A live check (or the start of a checked region).  */
void parcoach_omp_check (int colour, const char *file, int line,
                         const char *function, const char *conditionals);

/* A dormant check, before an orphaned construct: the same as
   parcoach_omp_check while the calling thread's team is armed, nothing
   otherwise.  With no conditionals of its own, a failing check names
   those of the checked region.  */
void parcoach_omp_check_if_armed (int colour, const char *file, int line,
                                  const char *function,
                                  const char *conditionals);

#ifdef __cplusplus
}
#endif

#endif
