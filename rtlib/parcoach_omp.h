/* PARCOACH run-time check for OpenMP collectives (thesis Algorithms
   16-17).  The plugin inserts a call before each barrier and worksharing
   construct of a parallel region it could not prove correct, and before
   the end of that region.  Every thread of the team arriving at a check
   waits for the others; when all have arrived, they compare what each is
   about to do.  If they agree the program goes on; otherwise every thread
   prints one line and the program stops (MPI_Abort when MPI is running,
   abort otherwise).

   It cannot itself deadlock: in a checked region every barrier and
   worksharing construct (and the region's end, where the implicit barrier
   is) is preceded by a check, so no thread can wait in a real barrier
   while another waits in a check: either all threads of the team reach a
   check, or some hang elsewhere, where the program would hang without
   PARCOACH too.  A team of one thread is never checked.

   colour: PARCOACH_OMP_END (0) for the end of the parallel region, then
   barrier, for/do, sections, single, then calls (PARCOACH_OMP_CALL).  The OpenMP functions are weak
   references: the runtime needs no libgomp of its own.  */
#ifndef PARCOACH_OMP_H
#define PARCOACH_OMP_H

#ifdef __cplusplus
extern "C" {
#endif

enum
{
  PARCOACH_OMP_END = 0,
  PARCOACH_OMP_BARRIER = 1,
  PARCOACH_OMP_FOR = 2,
  PARCOACH_OMP_SECTIONS = 3,
  PARCOACH_OMP_SINGLE = 4,
  /* From here on: a call to a function that reaches barriers or
     worksharing constructs along several possible sequences, one colour
     per function.  */
  PARCOACH_OMP_CALL = 16
};

void parcoach_omp_check (int colour, const char *file, int line,
                         const char *function, const char *conditionals);

#ifdef __cplusplus
}
#endif

#endif
