/* PARCOACH run-time checks for MPI collectives in multithreaded code
   (thesis Algorithms 10-11 and 20-21).  The plugin inserts them only where
   its static analysis found a possible problem (gimple/thread_level.h).

   parcoach_thread_check_ipw (CC_ipw), before a collective that several
   threads of a process may call: `word' is the call's parallelism word
   without barriers ("P", "PPS"...).  Its P letters are matched with the
   innermost nesting levels of the OpenMP runtime (omp_get_level,
   omp_get_team_size), the last P with the current level.  The call is
   reached by as many threads as the product of the sizes of the teams
   whose P is not followed by S or M; if that is more than one, the
   program stops.  A team of one thread counts as sequential (the thesis'
   P1), so OMP_NUM_THREADS=1 never stops a program here.  When that
   product is the calling thread's own team, the word may be wrong about
   a call under a test of the thread number the compiler could not follow
   (a field, a pointer, `tid == nthreads - 1'): the program stops only
   when a second thread of the team reaches the same call between the
   same two barriers (on the same communicator: _comm and _fortran pass
   it), or when a thread other than the main one reaches it and MPI
   provides MPI_THREAD_FUNNELED or less.

   parcoach_thread_check_cc (CC_cc), before a collective in a monothreaded
   region that another one of the same team may run at the same time: the
   program stops when two different threads of one team reach such
   collectives between the same two barriers, whatever the interleaving;
   the same thread reaching both is fine.  `others' lists the lines of
   the collectives it may run concurrently with (in the same file): only
   those count, so regions the compiler found ordered (critical regions
   of one name, ordered regions, dependent tasks) never stop the program.
   parcoach_thread_check_cc_comm (C) and _fortran also take the
   collective's communicator: collectives on different communicators
   never conflict.  It relies on two marks:
   parcoach_thread_fork, before the parallel directive of the team (by the
   encountering thread: a new team instance), and parcoach_thread_barrier,
   after each barrier of the team (by every thread: a new phase), including
   the barriers of functions the team may call (orphaned barriers, marked
   in every function that has them; such marks return at once until a
   checked team has been forked).  Teams are told apart by their nesting
   level and their ancestors' thread numbers.

   Messages start with "PARCOACH: rank R thread T" and name the calls and
   lines; then MPI_Abort (through PMPI) when MPI is running, abort
   otherwise.  The OpenMP functions are weak references: programs without
   OpenMP link and never stop here.  */
#ifndef PARCOACH_THREADS_H
#define PARCOACH_THREADS_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

void parcoach_thread_check_ipw (const char *word, const char *call,
                                const char *file, int line,
                                const char *function);
void parcoach_thread_check_ipw_comm (MPI_Comm comm, const char *word,
                                     const char *call, const char *file,
                                     int line, const char *function);
void parcoach_thread_check_ipw_fortran (const MPI_Fint *comm,
                                        const char *word, const char *call,
                                        const char *file, int line,
                                        const char *function);
/* CC_ipw before a call to a function of the translation unit that runs
   collectives outside its own single and master regions, made where
   several threads may make it: the same check, for every thread of the
   teams the word names.  ACTIVE is 0 for a check the compiler disabled.  */
void parcoach_thread_check_ipw_call (int active, const char *word,
                                     const char *callee, const char *file,
                                     int line, const char *function);
void parcoach_thread_check_cc (const char *call, const char *file, int line,
                               const char *function, const char *others);
void parcoach_thread_check_cc_comm (MPI_Comm comm, const char *call,
                                    const char *file, int line,
                                    const char *function, const char *others);
void parcoach_thread_check_cc_fortran (const MPI_Fint *comm, const char *call,
                                       const char *file, int line,
                                       const char *function,
                                       const char *others);
/* CC_cc kept or disabled (ACTIVE 0) by the compiler once it knows whether
   the calls of the unit's functions paired here run collectives.  */
void parcoach_thread_check_cc_if (int active, const char *others,
                                  const char *call, const char *file, int line,
                                  const char *function);
/* The same for a collective passing COMM (C, Fortran).  */
void parcoach_thread_check_cc_comm_if (int active, const char *others,
                                       const char *call, const char *file,
                                       int line, const char *function,
                                       MPI_Comm comm);
void parcoach_thread_check_cc_fortran_if (int active, const char *others,
                                          const char *call, const char *file,
                                          int line, const char *function,
                                          const MPI_Fint *comm);
void parcoach_thread_fork (void);
void parcoach_thread_barrier (void);
/* After a taskwait of a checked team: the tasks the thread created are
   done, so whoever reached a checked collective since the last barrier no
   longer counts against the thread's next one (ownership is released for
   the whole phase: a miss is possible, a false stop is not).  */
void parcoach_thread_taskwait (void);

#ifdef __cplusplus
}
#endif

#endif
