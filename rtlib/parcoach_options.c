/* nanosleep and clock_gettime (POSIX), while the Makefile compiles with
   -std=c99.  */
#if !defined _POSIX_C_SOURCE && (defined __unix__ || defined __APPLE__)
#define _POSIX_C_SOURCE 200809L
#endif

/* The runtime's options, read from the environment once per process (at
   the first check that runs; see parcoach_rt.h), and the clock the
   watchdog and the statistics use.  */
#include "parcoach_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined __unix__ || defined __APPLE__
#include <time.h>
#define PARCOACH_HAVE_NANOSLEEP 1
#endif

/* Monotonic time in seconds, for the watchdog and the statistics; no MPI
   call, so that a profiling layer never sees one (MPI_Wtime would do, but
   MPICH may route it through a macro and Open MPI through PMPI_Wtime).  */
double
parcoach_now (void)
{
#ifdef PARCOACH_HAVE_NANOSLEEP
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + (double) t.tv_nsec * 1e-9;
#else
  return PMPI_Wtime ();
#endif
}

void
parcoach_sleep_ns (long ns)
{
#ifdef PARCOACH_HAVE_NANOSLEEP
  struct timespec pause = { 0, ns };
  nanosleep (&pause, NULL);
#else
  (void) ns;
#endif
}

/* The options, read once per process.  parcoach_options_read goes from 0
   to 1 (release) once the others are set; a thread that sees 0 takes
   the mutex and reads them itself (at most once).  */
int parcoach_options_read;
double parcoach_timeout;
char *parcoach_stats_path;
int parcoach_count_checks = PARCOACH_COUNTS_SAMPLED;
static pthread_mutex_t parcoach_options_mutex = PTHREAD_MUTEX_INITIALIZER;

void
parcoach_read_options (void)
{
  const char *v;

  pthread_mutex_lock (&parcoach_options_mutex);
  if (__atomic_load_n (&parcoach_options_read, __ATOMIC_ACQUIRE))
    {
      pthread_mutex_unlock (&parcoach_options_mutex);
      return;
    }
  v = getenv ("PARCOACH_TIMEOUT");
  if (v != NULL && v[0] != '\0')
    {
      char *end;
      double t;
      errno = 0;
      t = strtod (v, &end);
      while (*end == ' ' || *end == '\t')
        end++;
      if (errno == 0 && end != v && *end == '\0' && t > 0 && t < 1e9)
        parcoach_timeout = t;
      else
        {
          fprintf (stderr, "PARCOACH: ignoring PARCOACH_TIMEOUT=%s: not a"
                   " positive number of seconds; no watchdog\n", v);
          fflush (stderr);
        }
    }
  v = getenv ("PARCOACH_STATS");
  if (v != NULL && v[0] != '\0')
    {
      size_t n = strlen (v) + 1;
      parcoach_stats_path = malloc (n);
      if (parcoach_stats_path != NULL)
        memcpy (parcoach_stats_path, v, n);
    }
  v = getenv ("PARCOACH_COUNT_CHECKS");
  if (v != NULL && strcmp (v, "all") == 0)
    parcoach_count_checks = PARCOACH_COUNTS_ALL;
  else if (v != NULL && (strcmp (v, "off") == 0 || strcmp (v, "0") == 0))
    parcoach_count_checks = PARCOACH_COUNTS_OFF;
  __atomic_store_n (&parcoach_options_read, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&parcoach_options_mutex);
}
