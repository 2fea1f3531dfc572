/* PARCOACH_STATS: per-call-site counts and times of the checks, kept in
   a small hash table under a mutex, gathered to rank 0 of MPI_COMM_WORLD
   when MPI_Finalize deletes the attributes of MPI_COMM_SELF, and written
   there as one JSON file (format: parcoach_rt.h).  */
#include "parcoach_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void
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

/* The order of the output: by file, line, colour, then function.  */
static int
parcoach_site_order (const char *file_a, int line_a, int colour_a,
                     const char *function_a, const char *file_b, int line_b,
                     int colour_b, const char *function_b)
{
  int c = strcmp (file_a, file_b);
  if (c != 0)
    return c;
  if (line_a != line_b)
    return line_a < line_b ? -1 : 1;
  if (colour_a != colour_b)
    return colour_a < colour_b ? -1 : 1;
  return strcmp (function_a, function_b);
}

static int
parcoach_site_text_cmp (const void *a, const void *b)
{
  const struct parcoach_site *x = a, *y = b;
  return parcoach_site_order (x->file, x->line, x->colour, x->function,
                              y->file, y->line, y->colour, y->function);
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
  return parcoach_site_order (x->file, x->line, x->colour, x->function,
                              y->file, y->line, y->colour, y->function);
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
