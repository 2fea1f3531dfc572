/* PARCOACH run-time checks (thesis section 3.1.2, Algorithms 13 and 14).

   Each check is the function CC of Algorithm 14: one collective operation
   on the communicator of the collective it guards, telling every process
   whether all the processes of that communicator are about to do the same
   thing (call the same collective, or leave the instrumented function).
   Unlike Algorithm 14, which reduces to rank 0 with a user-defined
   operator and lets only rank 0 know about a mismatch, the check is an
   MPI_Allreduce with the predefined MPI_MIN on the pair {colour, -colour}:
   the result is {min colour, -max colour}, every process learns it, the
   colours are all equal iff min == max, and each process can name what
   "the others" are doing.  Because every process gets the same result,
   either all of them return (the check is then one more collective that
   every process calls in the same order, so by Lemma 2 it introduces no
   deadlock) or all of them report and stop.

   Every MPI call made here goes through its PMPI_ entry point, so that a
   profiling or correctness tool stacked in the same run (which intercepts
   the MPI_ names) does not see the checks.

   The mutable state is the depth of flagged functions the calling thread
   is in (thread-local), the options (read once, under a mutex) and, with
   PARCOACH_STATS only, the statistics table (under a mutex), so the checks
   may be called from several threads at once (on different communicators,
   as MPI requires for any collective).

   Nothing here depends on the representation of the MPI handles (MPICH
   uses integers, Open MPI pointers): handles are only compared with the
   predefined null handles and passed to MPI.

   Two options, read from the environment once per process (at the first
   check that runs; see parcoach_rt.h):
     PARCOACH_TIMEOUT  the watchdog: the check's MPI_Allreduce becomes an
                       MPI_Iallreduce polled with MPI_Test and short sleeps,
                       so that a check whose partners never come can notice
                       it, say what it waits for, and stop the job.  Unset,
                       the check is the plain blocking MPI_Allreduce.
     PARCOACH_STATS    per-site counts and times of the checks, kept in a
                       small hash table under a mutex (only when the option
                       is on), gathered to rank 0 of MPI_COMM_WORLD when
                       MPI_Finalize deletes the attributes of MPI_COMM_SELF,
                       and written there as one JSON file.  */

/* nanosleep (POSIX), while the Makefile compiles with -std=c99.  */
#if !defined _POSIX_C_SOURCE && (defined __unix__ || defined __APPLE__)
#define _POSIX_C_SOURCE 200809L
#endif

#include "parcoach_rt.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined __unix__ || defined __APPLE__
#include <time.h>
#define PARCOACH_HAVE_NANOSLEEP 1
#endif

/* The site facts once the decision to check is taken.  */
#define PARCOACH_CHECK_FACTS \
  int colour, const char *file, int line, const char *function, \
  const char *conditionals

/* How many flagged functions the calling thread is in.  */
static __thread int parcoach_depth;

int
parcoach_enter_checked_region (void)
{
  return parcoach_depth++;
}

void
parcoach_leave_checked_region (int saved)
{
  parcoach_depth = saved;
}

/* Colour c (c >= 1) is the name at index c - 1.  */
static const char *const parcoach_collective_names[] = {
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind) #c_name,
#include "mpi_collectives.def"
#undef PARCOACH_COLLECTIVE
};

#define PARCOACH_NCOLLECTIVES \
  ((int) (sizeof parcoach_collective_names \
          / sizeof parcoach_collective_names[0]))

const char *
parcoach_colour_name (int colour)
{
  if (colour == PARCOACH_COLOUR_EXIT)
    return "leaving the function";
  if (colour >= 1 && colour <= PARCOACH_NCOLLECTIVES)
    return parcoach_collective_names[colour - 1];
  return "an unknown collective";
}

/* Whether MPI may be used now: after MPI_Init and before MPI_Finalize.
   Both queries may be called at any time, from any thread.  */
static int
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

/* Whether a check with this WHEN runs now.  A dormant check costs one
   thread-local read when no flagged function is running.  */
static int
parcoach_should_check (int when)
{
  if (when == PARCOACH_CHECK_IF_ARMED && parcoach_depth == 0)
    return 0;
  return parcoach_mpi_usable ();
}

/* Describe COLOUR in DESC (SIZE bytes) for the error line: "MPI_Barrier"
   prefixed with VERB ("calling " or ""), or "leaving the function".  An
   unknown colour (an object instrumented by a newer plugin, whose table
   has more entries than this runtime's) also gets its number.  */
static void
parcoach_describe (char *desc, size_t size, const char *verb, int colour)
{
  if (colour == PARCOACH_COLOUR_EXIT)
    snprintf (desc, size, "%s", parcoach_colour_name (colour));
  else if (colour >= 1 && colour <= PARCOACH_NCOLLECTIVES)
    snprintf (desc, size, "%s%s", verb, parcoach_colour_name (colour));
  else
    snprintf (desc, size, "%s%s (colour %d)", verb,
              parcoach_colour_name (colour), colour);
}

/* Give the launcher time to forward the error lines before the job is
   killed.  A line written to stderr sits in a pipe until the launcher's
   process on that node (Hydra's proxy, Open MPI's orted) reads it, and
   MPI_Abort makes the launcher kill everything, sometimes before it has
   read the pipes: the lines, even MPICH's own "Abort(86)" message, are
   then lost.  That happens when the node is overloaded, since MPI
   processes busy-poll in the barrier and starve the launcher.  Sleeping,
   rather than spinning, for a moment lets it run; the job is about to die
   anyway.  */
static void
parcoach_let_output_drain (void)
{
#ifdef PARCOACH_HAVE_NANOSLEEP
  struct timespec pause = { 0, 200000000L }; /* 0.2 s */
  nanosleep (&pause, NULL);
#endif
}

/* ------------------------------------------------------------ options */

/* Monotonic time in seconds, for the watchdog and the statistics; no MPI
   call, so that a profiling layer never sees one (MPI_Wtime would do, but
   MPICH may route it through a macro and Open MPI through PMPI_Wtime).  */
static double
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

static void
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
   to 1 (release) once the other two are set; a thread that sees 0 takes
   the mutex and reads them itself (at most once).  */
static int parcoach_options_read;
static double parcoach_timeout;         /* seconds; 0: no watchdog */
static char *parcoach_stats_path;       /* NULL: no statistics */
static pthread_mutex_t parcoach_options_mutex = PTHREAD_MUTEX_INITIALIZER;

static void
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
  __atomic_store_n (&parcoach_options_read, 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&parcoach_options_mutex);
}

/* One acquire load once the options are read.  */
static inline void
parcoach_options (void)
{
  if (__builtin_expect (!__atomic_load_n (&parcoach_options_read,
                                          __ATOMIC_ACQUIRE), 0))
    parcoach_read_options ();
}

/* --------------------------------------------------------- statistics */

/* One call site, as the compiler described it.  FILE and FUNCTION are the
   pointers the instrumented code passed (string literals: they live as
   long as the program); the same site always passes the same pointers,
   so the table is keyed by the FILE pointer, LINE and COLOUR, and sites
   are merged by their text when gathered.  */
struct parcoach_site
{
  const char *file;             /* NULL: empty slot */
  const char *function;
  int line;
  int colour;
  uint64_t checks;
  double seconds;
};

static pthread_mutex_t parcoach_stats_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct parcoach_site *parcoach_sites;
static size_t parcoach_sites_cap;   /* a power of two, or 0 */
static size_t parcoach_sites_used;
static int parcoach_stats_hooked;   /* the finalize hook is in place */
static int parcoach_stats_failed;   /* out of memory: counts incomplete */

static const char parcoach_unknown_file[] = "<unknown file>";
static const char parcoach_unknown_function[] = "<unknown function>";

static size_t
parcoach_site_hash (const char *file, int line, int colour)
{
  uint64_t h = (uint64_t) (uintptr_t) file;
  h ^= (uint64_t) (unsigned) line * 0x9E3779B97F4A7C15ULL;
  h ^= (uint64_t) (unsigned) colour * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 32;
  return (size_t) h;
}

/* The slot of (FILE, LINE, COLOUR) in TABLE (CAP slots, not full): the
   site's slot or the empty slot where it goes.  */
static struct parcoach_site *
parcoach_site_slot (struct parcoach_site *table, size_t cap,
                    const char *file, int line, int colour)
{
  size_t i = parcoach_site_hash (file, line, colour) & (cap - 1);
  for (;;)
    {
      struct parcoach_site *s = &table[i];
      if (s->file == NULL
          || (s->file == file && s->line == line && s->colour == colour))
        return s;
      i = (i + 1) & (cap - 1);
    }
}

/* Keep the table at most half full.  0 if out of memory.  */
static int
parcoach_sites_reserve (void)
{
  size_t cap, i;
  struct parcoach_site *table;

  if (2 * (parcoach_sites_used + 1) <= parcoach_sites_cap)
    return 1;
  cap = parcoach_sites_cap ? 2 * parcoach_sites_cap : 64;
  table = calloc (cap, sizeof *table);
  if (table == NULL)
    return 0;
  for (i = 0; i < parcoach_sites_cap; i++)
    if (parcoach_sites[i].file != NULL)
      *parcoach_site_slot (table, cap, parcoach_sites[i].file,
                           parcoach_sites[i].line, parcoach_sites[i].colour)
        = parcoach_sites[i];
  free (parcoach_sites);
  parcoach_sites = table;
  parcoach_sites_cap = cap;
  return 1;
}

static int parcoach_stats_at_finalize (MPI_Comm, int, void *, void *);

/* Called with the mutex held, by the first check that records: from then
   on MPI_Finalize calls parcoach_stats_at_finalize on this process.  */
static void
parcoach_stats_hook (void)
{
  int keyval;

  parcoach_stats_hooked = 1;
  if (PMPI_Comm_create_keyval (MPI_COMM_NULL_COPY_FN,
                               parcoach_stats_at_finalize, &keyval, NULL)
        != MPI_SUCCESS
      || PMPI_Comm_set_attr (MPI_COMM_SELF, keyval, NULL) != MPI_SUCCESS)
    {
      fprintf (stderr, "PARCOACH: cannot hook MPI_Finalize; no statistics"
               " will be written to %s\n", parcoach_stats_path);
      fflush (stderr);
    }
}

static void
parcoach_stats_record (int colour, const char *file, int line,
                       const char *function, double seconds)
{
  struct parcoach_site *s;

  if (file == NULL)
    file = parcoach_unknown_file;
  if (function == NULL)
    function = parcoach_unknown_function;
  pthread_mutex_lock (&parcoach_stats_mutex);
  if (!parcoach_stats_hooked)
    parcoach_stats_hook ();
  if (!parcoach_sites_reserve ())
    parcoach_stats_failed = 1;
  else
    {
      s = parcoach_site_slot (parcoach_sites, parcoach_sites_cap, file, line,
                              colour);
      if (s->file == NULL)
        {
          s->file = file;
          s->function = function;
          s->line = line;
          s->colour = colour;
          parcoach_sites_used++;
        }
      s->checks++;
      s->seconds += seconds;
    }
  pthread_mutex_unlock (&parcoach_stats_mutex);
}

/* A record on the wire: the fixed part, then FILE and FUNCTION with their
   terminating NULs.  */
struct parcoach_wire
{
  uint64_t checks;
  double seconds;
  int32_t line;
  int32_t colour;
};

static int
parcoach_site_text_cmp (const void *a, const void *b)
{
  const struct parcoach_site *x = a, *y = b;
  int c = strcmp (x->file, y->file);
  if (c != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->colour != y->colour)
    return x->colour < y->colour ? -1 : 1;
  return strcmp (x->function, y->function);
}

/* The records of this process in one buffer (malloc'ed, *SIZE bytes), one
   per site text (the same file name may come through two pointers, from
   two objects); NULL with *SIZE 0 if there are none or memory is short.  */
static char *
parcoach_stats_serialize (int *size)
{
  size_t total = 0, i, n = 0, pos = 0;
  struct parcoach_site *v;
  char *buf;

  *size = 0;
  if (parcoach_sites_used == 0
      || (v = malloc (parcoach_sites_used * sizeof *v)) == NULL)
    return NULL;
  for (i = 0; i < parcoach_sites_cap; i++)
    if (parcoach_sites[i].file != NULL)
      v[n++] = parcoach_sites[i];
  qsort (v, n, sizeof *v, parcoach_site_text_cmp);
  for (i = 0; i < n; i++)
    total += sizeof (struct parcoach_wire) + strlen (v[i].file) + 1
             + strlen (v[i].function) + 1;
  if (total > INT_MAX || (buf = malloc (total)) == NULL)
    {
      free (v);
      return NULL;
    }
  for (i = 0; i < n; i++)
    {
      struct parcoach_wire w;
      size_t len;
      w.checks = v[i].checks;
      w.seconds = v[i].seconds;
      w.line = v[i].line;
      w.colour = v[i].colour;
      while (i + 1 < n && parcoach_site_text_cmp (&v[i], &v[i + 1]) == 0)
        {
          i++;
          w.checks += v[i].checks;
          w.seconds += v[i].seconds;
        }
      memcpy (buf + pos, &w, sizeof w);
      pos += sizeof w;
      len = strlen (v[i].file) + 1;
      memcpy (buf + pos, v[i].file, len);
      pos += len;
      len = strlen (v[i].function) + 1;
      memcpy (buf + pos, v[i].function, len);
      pos += len;
    }
  free (v);
  *size = (int) pos;
  return buf;
}

/* A site merged over the processes, on rank 0.  */
struct parcoach_merged
{
  const char *file, *function;
  int line, colour;
  uint64_t checks, checks_max;
  double seconds, seconds_max;
  int ranks;
};

static int
parcoach_merged_cmp (const void *a, const void *b)
{
  const struct parcoach_merged *x = a, *y = b;
  int c = strcmp (x->file, y->file);
  if (c != 0)
    return c;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->colour != y->colour)
    return x->colour < y->colour ? -1 : 1;
  return strcmp (x->function, y->function);
}

static void
parcoach_json_string (FILE *f, const char *s)
{
  putc ('"', f);
  for (; *s != '\0'; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
        fprintf (f, "\\%c", c);
      else if (c < 0x20)
        fprintf (f, "\\u%04x", c);
      else
        putc (c, f);
    }
  putc ('"', f);
}

/* On rank 0: merge the NPROCS buffers of ALL (COUNTS[r] bytes at
   DISPLS[r]) and write the JSON file.  */
static void
parcoach_stats_write (const char *all, const int *counts, const int *displs,
                      int nprocs, int incomplete)
{
  struct parcoach_merged *m = NULL;
  size_t n = 0, cap = 0, i;
  int r;
  FILE *f;

  for (r = 0; r < nprocs; r++)
    {
      const char *p = all + displs[r], *end = p + counts[r];
      while (p + sizeof (struct parcoach_wire) < end)
        {
          struct parcoach_wire w;
          const char *file, *function;
          memcpy (&w, p, sizeof w);
          file = p + sizeof w;
          function = file + strlen (file) + 1;
          p = function + strlen (function) + 1;
          for (i = 0; i < n; i++)
            if (m[i].line == w.line && m[i].colour == w.colour
                && strcmp (m[i].file, file) == 0
                && strcmp (m[i].function, function) == 0)
              break;
          if (i == n)
            {
              if (n == cap)
                {
                  struct parcoach_merged *bigger;
                  cap = cap ? 2 * cap : 64;
                  bigger = realloc (m, cap * sizeof *m);
                  if (bigger == NULL)
                    {
                      free (m);
                      fprintf (stderr, "PARCOACH: out of memory; no"
                               " statistics written\n");
                      return;
                    }
                  m = bigger;
                }
              memset (&m[n], 0, sizeof m[n]);
              m[n].file = file;
              m[n].function = function;
              m[n].line = w.line;
              m[n].colour = w.colour;
              n++;
            }
          m[i].checks += w.checks;
          m[i].seconds += w.seconds;
          if (m[i].checks_max < w.checks)
            m[i].checks_max = w.checks;
          if (m[i].seconds_max < w.seconds)
            m[i].seconds_max = w.seconds;
          m[i].ranks++;
        }
    }
  qsort (m, n, sizeof *m, parcoach_merged_cmp);

  f = fopen (parcoach_stats_path, "w");
  if (f == NULL)
    {
      fprintf (stderr, "PARCOACH: cannot write the statistics to %s: %s\n",
               parcoach_stats_path, strerror (errno));
      free (m);
      return;
    }
  fprintf (f, "{\"version\": 1, \"processes\": %d, \"complete\": %s,"
           " \"sites\": [", nprocs, incomplete ? "false" : "true");
  for (i = 0; i < n; i++)
    {
      fprintf (f, "%s\n  {\"file\": ", i ? "," : "");
      parcoach_json_string (f, m[i].file);
      fprintf (f, ", \"line\": %d, \"function\": ", m[i].line);
      parcoach_json_string (f, m[i].function);
      fprintf (f, ", \"collective\": ");
      parcoach_json_string (f, parcoach_colour_name (m[i].colour));
      fprintf (f, ", \"colour\": %d, \"ranks\": %d, \"checks\": %llu,"
               " \"checks_per_rank_max\": %llu, \"seconds_total\": %.9f,"
               " \"seconds_max\": %.9f}",
               m[i].colour, m[i].ranks, (unsigned long long) m[i].checks,
               (unsigned long long) m[i].checks_max, m[i].seconds,
               m[i].seconds_max);
    }
  fprintf (f, "%s]}\n", n ? "\n" : "");
  if (fclose (f) != 0)
    fprintf (stderr, "PARCOACH: cannot write the statistics to %s: %s\n",
             parcoach_stats_path, strerror (errno));
  free (m);
}

/* How long the processes that ran checks wait at MPI_Finalize for the
   others before giving up on the statistics.  */
static double
parcoach_stats_grace (void)
{
  return parcoach_timeout > 0 ? parcoach_timeout : 60.0;
}

/* Wait for REQ, polling, at most SECONDS.  1 if it completed.  */
static int
parcoach_wait_at_most (MPI_Request *req, double seconds)
{
  double start = parcoach_now ();
  long pause = 1000;
  for (;;)
    {
      int done = 0;
      if (PMPI_Test (req, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return 0;
      if (done)
        return 1;
      if (parcoach_now () - start >= seconds)
        return 0;
      parcoach_sleep_ns (pause);
      if (pause < 10000000L)
        pause *= 2;
    }
}

/* The attribute delete callback on MPI_COMM_SELF: MPI_Finalize calls it
   first thing on every process that ran a check, while MPI is still
   usable.  Gathers every process's records to rank 0 of MPI_COMM_WORLD,
   which writes the file.  The gather is a collective on MPI_COMM_WORLD,
   and a process that ran no check is not here: so a non-blocking barrier
   first, and if it does not complete within the grace time the
   statistics are given up with a message rather than hang MPI_Finalize.  */
static int
parcoach_stats_at_finalize (MPI_Comm comm, int keyval, void *value,
                            void *extra)
{
  MPI_Request req;
  int rank = 0, nprocs = 1, size = 0, r, total = 0, incomplete;
  int *counts = NULL, *displs = NULL;
  char *mine, *all = NULL;

  (void) comm;
  (void) value;
  (void) extra;
  (void) keyval;
  PMPI_Comm_rank (MPI_COMM_WORLD, &rank);
  PMPI_Comm_size (MPI_COMM_WORLD, &nprocs);
  if (PMPI_Ibarrier (MPI_COMM_WORLD, &req) != MPI_SUCCESS)
    return MPI_SUCCESS;
  if (!parcoach_wait_at_most (&req, parcoach_stats_grace ()))
    {
      fprintf (stderr, "PARCOACH: rank %d: no statistics written to %s:"
                 " not every process of MPI_COMM_WORLD reached MPI_Finalize"
                 " within %g s after running a check (a process that ran no"
                 " check does not take part)\n", rank, parcoach_stats_path,
                 parcoach_stats_grace ());
      fflush (stderr);
      return MPI_SUCCESS;
    }

  pthread_mutex_lock (&parcoach_stats_mutex);
  mine = parcoach_stats_serialize (&size);
  incomplete = parcoach_stats_failed || (parcoach_sites_used > 0 && !mine);
  pthread_mutex_unlock (&parcoach_stats_mutex);

  /* Sizes and flags to rank 0, which allocates; then whether it could,
     so that either every process takes part in the Gatherv or none.  */
  {
    int mine_flags[2], *all_flags = NULL, ok = 1;
    mine_flags[0] = size;
    mine_flags[1] = incomplete;
    if (rank == 0)
      {
        all_flags = malloc (2 * (size_t) nprocs * sizeof *all_flags);
        counts = malloc ((size_t) nprocs * sizeof *counts);
        displs = malloc ((size_t) nprocs * sizeof *displs);
        ok = all_flags != NULL && counts != NULL && displs != NULL;
      }
    PMPI_Gather (mine_flags, 2, MPI_INT, all_flags, 2, MPI_INT, 0,
                 MPI_COMM_WORLD);
    if (rank == 0 && ok)
      {
        for (r = 0; r < nprocs && ok; r++)
          {
            counts[r] = all_flags[2 * r];
            incomplete |= all_flags[2 * r + 1];
            displs[r] = total;
            if (total > INT_MAX - counts[r])
              ok = 0;
            else
              total += counts[r];
          }
        if (ok && (all = malloc (total > 0 ? (size_t) total : 1)) == NULL)
          ok = 0;
      }
    free (all_flags);
    PMPI_Bcast (&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok)
      {
        if (rank == 0)
          {
            fprintf (stderr, "PARCOACH: out of memory; no statistics"
                     " written to %s\n", parcoach_stats_path);
            fflush (stderr);
          }
        free (mine);
        free (all);
        free (counts);
        free (displs);
        return MPI_SUCCESS;
      }
  }
  PMPI_Gatherv (mine != NULL ? mine : "", size, MPI_CHAR, all, counts,
                displs, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0)
    parcoach_stats_write (all, counts, displs, nprocs, incomplete);
  free (mine);
  free (all);
  free (counts);
  free (displs);
  return MPI_SUCCESS;
}

/* ----------------------------------------------------------- watchdog */

/* Called on a process whose check has waited TIMEOUT seconds: the other
   processes of the communicator never called the matching check.  Says
   so and stops the whole job (MPI_COMM_WORLD: the processes that would
   go on waiting are elsewhere).  */
static void
parcoach_watchdog_fire (MPI_Comm comm, double waited, int colour,
                        const char *file, int line, const char *function)
{
  int rank = -1, size = -1;
  char mine[96];

  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  parcoach_describe (mine, sizeof mine, "", colour);
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d has waited %.1f s"
           " in the check before %s at %s:%d in function %s; other"
           " processes never reached a matching check (a collective on"
           " another communicator, or code compiled without PARCOACH?)\n",
           rank, size, waited, mine, file != NULL ? file : "<unknown file>",
           line, function != NULL ? function : "<unknown function>");
  fflush (stderr);
  /* Other processes stuck in a check since about the same time are about
     to say the same: give them a moment before the job goes down.  */
  parcoach_let_output_drain ();
  parcoach_let_output_drain ();
  PMPI_Abort (MPI_COMM_WORLD, PARCOACH_ABORT_CODE);
  abort ();
}

/* The check's reduction with the watchdog: MPI_Iallreduce, then MPI_Test
   in a loop -- spinning for the first 10 ms, as a blocking MPI_Allreduce
   would (without an asynchronous progress thread, a process that sleeps
   does not move the reduction forward, and its partners wait for it: a
   short spin made the check 100 times slower), then sleeping 50 us,
   100 us, ... up to 5 ms between tests, since by then the check is
   probably stuck and the watchdog need not be precise.  MPI_SUCCESS, or
   the error of the failing call.  */
static int
parcoach_allreduce_watched (int *in, int *out, MPI_Comm comm, int colour,
                            const char *file, int line, const char *function)
{
  MPI_Request req;
  double start, waited;
  long pause = 50000;
  int err, done = 0;

  err = PMPI_Iallreduce (in, out, 2, MPI_INT, MPI_MIN, comm, &req);
  if (err != MPI_SUCCESS)
    return err;
  start = parcoach_now ();
  for (;;)
    {
      err = PMPI_Test (&req, &done, MPI_STATUS_IGNORE);
      if (err != MPI_SUCCESS || done)
        return err;
      waited = parcoach_now () - start;
      if (waited >= parcoach_timeout)
        parcoach_watchdog_fire (comm, waited, colour, file, line, function);
      if (waited < 10e-3)
        continue;
      parcoach_sleep_ns (pause);
      if (pause < 5000000L)
        pause *= 2;
    }
}

/* The processes of COMM disagree: the smallest colour among them is MIN
   and the largest MAX.  Every process of COMM calls this with the same MIN
   and MAX (they come from the same MPI_Allreduce), prints its line, and
   all of them stop.  */
static void
parcoach_report (MPI_Comm comm, int colour, int min, int max,
                 const char *file, int line, const char *function,
                 const char *conditionals)
{
  int rank = -1, size = -1;
  int other = colour == min ? max : min;
  char mine[96], theirs[96];
  int blame = conditionals != NULL && conditionals[0] != '\0';

  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  parcoach_describe (mine, sizeof mine, "", colour);
  parcoach_describe (theirs, sizeof theirs, "calling ", other);

  /* One fprintf call, so that threads of this process do not interleave
     within the line.  */
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d stops before %s"
           " at %s:%d in function %s: other processes are %s%s%s\n",
           rank, size, mine, file != NULL ? file : "<unknown file>", line,
           function != NULL ? function : "<unknown function>", theirs,
           blame ? "; see the conditional(s) at line(s) " : "",
           blame ? conditionals : "");
  fflush (stderr);

  /* Every process of COMM got the same result from the MPI_Allreduce, so
     every one of them reaches this barrier: it cannot hang, and it lets
     each process write its line before the job is torn down.  */
  PMPI_Barrier (comm);
  parcoach_let_output_drain ();
  /* MPI_COMM_WORLD: aborting COMM might, in principle, stop only its
     processes, while the others would wait for them forever.  */
  PMPI_Abort (MPI_COMM_WORLD, PARCOACH_ABORT_CODE);
  /* MPI_Abort does not return; if an implementation lets it, do not let
     the process go on into the deadlock.  */
  abort ();
}

/* The check itself, on a communicator that MPI may use now.  */
static void
parcoach_check_usable_comm (MPI_Comm comm, PARCOACH_CHECK_FACTS)
{
  int inter = 0;
  int in[2], out[2];

  if (comm == MPI_COMM_NULL)
    return;
  /* On an inter-communicator an MPI_Allreduce gives each group the
     reduction of the values of the *other* group, so it would compare the
     two groups with each other rather than check that every process is
     doing the same thing; processes of one group may moreover legitimately
     differ from those of the other (rooted collectives).  No check.  */
  if (PMPI_Comm_test_inter (comm, &inter) != MPI_SUCCESS || inter)
    return;

  /* -INT_MIN would overflow; colours are small, so this never changes a
     real colour.  */
  if (colour == INT_MIN)
    colour = INT_MIN + 1;
  in[0] = colour;
  in[1] = -colour;
  parcoach_options ();
  /* If the communicator's error handler returns errors, a failed check
     checks nothing: let the collective it guards report the problem.  */
  if (__builtin_expect (parcoach_timeout == 0 && parcoach_stats_path == NULL,
                        1))
    {
      if (PMPI_Allreduce (in, out, 2, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
        return;
    }
  else
    {
      double start = parcoach_stats_path != NULL ? parcoach_now () : 0;
      int err = parcoach_timeout > 0
                ? parcoach_allreduce_watched (in, out, comm, colour, file,
                                              line, function)
                : PMPI_Allreduce (in, out, 2, MPI_INT, MPI_MIN, comm);
      if (err != MPI_SUCCESS)
        return;
      if (parcoach_stats_path != NULL)
        parcoach_stats_record (colour, file, line, function,
                               parcoach_now () - start);
    }
  if (out[0] == -out[1])
    return;
  parcoach_report (comm, colour, out[0], -out[1], file, line, function,
                   conditionals);
}

/* A window or file is not a communicator: the processes involved are those
   of its group.  A check needs a communicator, and creating one for the
   group (MPI_Comm_create_group) would itself be a collective over that
   group that hangs if the processes disagree -- the very thing the check
   is there to catch.  So the check runs on MPI_COMM_WORLD when the group is
   the whole world (MPI_IDENT, or MPI_SIMILAR: same processes in another
   order), since then every process of the world must reach the guarded
   collective; otherwise there is no check.  GROUP is freed.  */
static void
parcoach_check_group (MPI_Group group, PARCOACH_CHECK_FACTS)
{
  MPI_Group world;
  int result = MPI_UNEQUAL;

  if (PMPI_Comm_group (MPI_COMM_WORLD, &world) == MPI_SUCCESS)
    {
      if (PMPI_Group_compare (group, world, &result) != MPI_SUCCESS)
        result = MPI_UNEQUAL;
      PMPI_Group_free (&world);
    }
  PMPI_Group_free (&group);
  if (result == MPI_IDENT || result == MPI_SIMILAR)
    parcoach_check_usable_comm (MPI_COMM_WORLD, colour, file, line,
                                function, conditionals);
}

static void
parcoach_check_usable_win (MPI_Win win, PARCOACH_CHECK_FACTS)
{
  MPI_Group group;

  if (win == MPI_WIN_NULL)
    return;
  if (PMPI_Win_get_group (win, &group) != MPI_SUCCESS)
    return;
  parcoach_check_group (group, colour, file, line, function, conditionals);
}

static void
parcoach_check_usable_file (MPI_File fh, PARCOACH_CHECK_FACTS)
{
  MPI_Group group;

  if (fh == MPI_FILE_NULL)
    return;
  if (PMPI_File_get_group (fh, &group) != MPI_SUCCESS)
    return;
  parcoach_check_group (group, colour, file, line, function, conditionals);
}

void
parcoach_check_comm (MPI_Comm comm, PARCOACH_SITE_PARAMS)
{
  if (!parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (comm, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_comm_ptr (const MPI_Comm *comm, PARCOACH_SITE_PARAMS)
{
  if (comm == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (*comm, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_win (MPI_Win win, PARCOACH_SITE_PARAMS)
{
  if (!parcoach_should_check (when))
    return;
  parcoach_check_usable_win (win, colour, file, line, function,
                             conditionals);
}

void
parcoach_check_win_ptr (const MPI_Win *win, PARCOACH_SITE_PARAMS)
{
  if (win == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_win (*win, colour, file, line, function,
                             conditionals);
}

void
parcoach_check_file (MPI_File fh, PARCOACH_SITE_PARAMS)
{
  if (!parcoach_should_check (when))
    return;
  parcoach_check_usable_file (fh, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_file_ptr (const MPI_File *fh, PARCOACH_SITE_PARAMS)
{
  if (fh == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_file (*fh, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_world (PARCOACH_SITE_PARAMS)
{
  if (!parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (MPI_COMM_WORLD, colour, file, line, function,
                              conditionals);
}

/* Fortran handles.  The conversions are only valid once MPI is
   initialised, hence the test first.  They use the PMPI_ names like every
   other call here (MPICH defines PMPI_Comm_f2c and PMPI_Win_f2c as macros
   and PMPI_File_f2c as a function; Open MPI has all three as functions);
   they do no communication anyway.  */

void
parcoach_check_fortran_comm (const MPI_Fint *comm, PARCOACH_SITE_PARAMS)
{
  if (comm == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (PMPI_Comm_f2c (*comm), colour, file, line,
                              function, conditionals);
}

void
parcoach_check_fortran_win (const MPI_Fint *win, PARCOACH_SITE_PARAMS)
{
  if (win == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_win (PMPI_Win_f2c (*win), colour, file, line,
                             function, conditionals);
}

void
parcoach_check_fortran_file (const MPI_Fint *fh, PARCOACH_SITE_PARAMS)
{
  if (fh == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_file (PMPI_File_f2c (*fh), colour, file, line,
                              function, conditionals);
}
