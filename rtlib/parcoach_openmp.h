/* The OpenMP runtime, when the program has one: weak references, so that
   the library needs no libgomp of its own and programs without OpenMP link
   and run (the functions are then null: test before calling).  Internal
   to rtlib.  */
#ifndef PARCOACH_OPENMP_H
#define PARCOACH_OPENMP_H

extern int omp_get_num_threads (void) __attribute__ ((weak));
extern int omp_get_thread_num (void) __attribute__ ((weak));
extern int omp_get_level (void) __attribute__ ((weak));
extern int omp_get_team_size (int) __attribute__ ((weak));
extern int omp_get_ancestor_thread_num (int) __attribute__ ((weak));

/* The nesting level of the calling thread's team (0 outside any).  */
static inline int
parcoach_team_level (void)
{
  return omp_get_level ? omp_get_level () : 0;
}

#endif
