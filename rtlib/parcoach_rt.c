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

   The same reduction compares the arguments that every process must give
   alike to the collective about to be called (the root, the predefined
   reduction operation, the data size: parcoach_check_comm_args).  To stay
   one 8-byte reduction, it reduces a digest: the smallest and largest of
   the colour and of the operation's index, and of a 16-bit hash of the
   root and size (parcoach_digest).  Only when the digests disagree does a
   second collective (an allgather, on the error path only) fetch every
   process's exact values, to name what differs.

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
#include "parcoach_openmp.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
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

int
parcoach_enter_work (int active)
{
  int saved = parcoach_depth;

  if (active)
    parcoach_depth++;
  return saved;
}

void
parcoach_leave_work (int saved)
{
  parcoach_depth = saved;
}

/* Colour c (c >= 1) is the name at index c - 1.  */
static const char *const parcoach_collective_names[] = {
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind, arguments) #c_name,
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

/* ------------------------------------------------ argument comparison */

/* What a check compares.  A process's exact values are kept as 2 x
   PARCOACH_NFIELDS long longs: for each field, the smallest value it put
   there and the negation of the largest (a root that sends and receives
   puts two sizes, which must be equal), or PARCOACH_NO_VALUE twice when it
   has nothing to compare there: a wildcard, which never disagrees.  The
   check reduces an 8-byte digest of them (parcoach_digest); only when the
   digests disagree are the exact values gathered, to find and name what
   differs.  */
enum
{
  PARCOACH_FIELD_COLOUR,
  PARCOACH_FIELD_ROOT,
  PARCOACH_FIELD_OP,   /* index in parcoach_ops */
  PARCOACH_FIELD_SIZE, /* bytes: count x datatype size */
  PARCOACH_NFIELDS
};

#define PARCOACH_NO_VALUE LLONG_MAX

static void
parcoach_fields_init (long long *in)
{
  int i;
  for (i = 0; i < 2 * PARCOACH_NFIELDS; i++)
    in[i] = PARCOACH_NO_VALUE;
}

static void
parcoach_field_put (long long *in, int field, long long value)
{
  if (value < in[2 * field])
    in[2 * field] = value;
  if (-value < in[2 * field + 1])
    in[2 * field + 1] = -value;
}

/* The digest reduced by every check: 8 signed chars, since MPICH (4.0,
   shared memory) reduces 8 bytes markedly faster than 12 or more (0.31 us
   against 0.48 us for an MPI_MIN on 2 processes), and a check must cost
   about one 8-byte allreduce.  (Signed: MPICH 4.0.2 computes MPI_MIN over
   unsigned chars as if they were signed.)  Four fields of two bytes, each
   holding a digit d in 0..253 as s = d - 127: the smallest s among the
   processes and the smallest -s (so the largest s); SCHAR_MAX in the first
   byte is "no value", the identity of MPI_MIN.  The fields: the colour
   (exact below 253: colours above share 253), the operation's index, and
   a 16-bit hash of (root, size) as two base-254 digits.  Equal values give
   equal digests, so a check never stops a correct program; two different
   roots or sizes escape it with a probability of about 1/64516 per
   check.  */
#define PARCOACH_DIGEST_BYTES 8
#define PARCOACH_DIGEST_BASE 254u

static void
parcoach_digest_put (signed char *d, int field, unsigned digit)
{
  int v = (int) digit - 127;
  if (v < d[2 * field])
    d[2 * field] = (signed char) v;
  if (-v < d[2 * field + 1])
    d[2 * field + 1] = (signed char) -v;
}

static unsigned
parcoach_hash (long long root, long long size)
{
  uint64_t h = (uint64_t) root * 0x9E3779B97F4A7C15ULL
               ^ (uint64_t) size * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 31;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 29;
  return (unsigned) (h % (PARCOACH_DIGEST_BASE * PARCOACH_DIGEST_BASE));
}

static void
parcoach_digest (const long long *exact, signed char *d)
{
  long long colour = exact[2 * PARCOACH_FIELD_COLOUR];
  long long root = exact[2 * PARCOACH_FIELD_ROOT];
  long long size_lo = exact[2 * PARCOACH_FIELD_SIZE];
  long long size_hi = -exact[2 * PARCOACH_FIELD_SIZE + 1];
  int i;

  for (i = 0; i < PARCOACH_DIGEST_BYTES; i++)
    d[i] = SCHAR_MAX;
  parcoach_digest_put (d, 0, colour >= 0 && colour < 253 ? colour : 253);
  if (exact[2 * PARCOACH_FIELD_OP] != PARCOACH_NO_VALUE)
    parcoach_digest_put (d, 1, (unsigned) exact[2 * PARCOACH_FIELD_OP]);
  if (root != PARCOACH_NO_VALUE || size_lo != PARCOACH_NO_VALUE)
    for (i = 0; i < 2; i++)
      {
        unsigned h = parcoach_hash (root, i == 0 ? size_lo : size_hi);
        parcoach_digest_put (d, 2, h % PARCOACH_DIGEST_BASE);
        parcoach_digest_put (d, 3, h / PARCOACH_DIGEST_BASE);
      }
}

/* Whether the reduced digest says that every process agrees.  */
static int
parcoach_digest_agrees (const signed char *d)
{
  int f;
  for (f = 0; f < PARCOACH_DIGEST_BYTES / 2; f++)
    if (d[2 * f] != SCHAR_MAX && d[2 * f] != -d[2 * f + 1])
      return 0;
  return 1;
}

/* Where a side of the data is compared: PARCOACH_ARGUMENTS in
   mpi_collectives.def.  */
enum
{
  PARCOACH_AT_NOWHERE, PARCOACH_AT_EVERY, PARCOACH_AT_ROOT, PARCOACH_AT_TOTAL
};

/* The shapes, reduced to what the runtime needs: which arguments exist
   (their positions only matter to the compiler).  */
struct parcoach_shape
{
  unsigned char root, op, send_buf, send_at, recv_buf, recv_at;
};

enum
{
#define PARCOACH_ARGUMENTS(shape, root, op, sbuf, scount, stype, sat, rbuf, \
                           rcount, rtype, rat) \
  PARCOACH_SHAPE_##shape,
#include "mpi_collectives.def"
#undef PARCOACH_ARGUMENTS
  PARCOACH_NSHAPES
};

static const struct parcoach_shape parcoach_shapes[PARCOACH_NSHAPES] = {
#define PARCOACH_ARGUMENTS(shape, root, op, sbuf, scount, stype, sat, rbuf, \
                           rcount, rtype, rat) \
  { (root) >= 0, (op) >= 0, (sbuf) >= 0, PARCOACH_AT_##sat, (rbuf) >= 0, \
    PARCOACH_AT_##rat },
#include "mpi_collectives.def"
#undef PARCOACH_ARGUMENTS
};

static const unsigned char parcoach_collective_shapes[] = {
#define PARCOACH_COLLECTIVE(c_name, f_name, family, arg, kind, arguments) \
  PARCOACH_SHAPE_##arguments,
#include "mpi_collectives.def"
#undef PARCOACH_COLLECTIVE
};

/* The predefined reduction operations, the only ones compared: a
   user-defined operation is a handle each process got from its own
   MPI_Op_create, and may differ between processes.  Handles are only
   compared for equality (integers in MPICH, pointers in Open MPI).  */
static const struct
{
  MPI_Op op;
  const char *name;
} parcoach_ops[] = {
  { MPI_MAX, "MPI_MAX" },     { MPI_MIN, "MPI_MIN" },
  { MPI_SUM, "MPI_SUM" },     { MPI_PROD, "MPI_PROD" },
  { MPI_LAND, "MPI_LAND" },   { MPI_BAND, "MPI_BAND" },
  { MPI_LOR, "MPI_LOR" },     { MPI_BOR, "MPI_BOR" },
  { MPI_LXOR, "MPI_LXOR" },   { MPI_BXOR, "MPI_BXOR" },
  { MPI_MAXLOC, "MPI_MAXLOC" }, { MPI_MINLOC, "MPI_MINLOC" },
  { MPI_REPLACE, "MPI_REPLACE" }, { MPI_NO_OP, "MPI_NO_OP" },
};

#define PARCOACH_NOPS ((int) (sizeof parcoach_ops / sizeof parcoach_ops[0]))

static int
parcoach_op_index (MPI_Op op)
{
  int i;
  for (i = 0; i < PARCOACH_NOPS; i++)
    if (parcoach_ops[i].op == op)
      return i;
  return -1;
}

/* The arguments of the guarded call as the instrumented code passed them:
   addresses of the values (NULL when the compiler had none), in C types
   (int, MPI_Op, MPI_Datatype) or, from Fortran, as MPI_Fint handles and
   integers.  The buffers are the call's own; from Fortran a buffer is NULL
   when it is MPI_IN_PLACE (the compiler recognised it: Fortran's
   MPI_IN_PLACE is a variable whose address C cannot name).  */
struct parcoach_args
{
  int fortran;
  const void *root, *op;
  const void *buf[2], *count[2], *type[2]; /* [0] send side, [1] receive */
};

static int
parcoach_read_int (const struct parcoach_args *a, const void *p, long i)
{
  return a->fortran ? (int) ((const MPI_Fint *) p)[i] : ((const int *) p)[i];
}

static MPI_Datatype
parcoach_read_type (const struct parcoach_args *a, const void *p)
{
  return a->fortran ? PMPI_Type_f2c (*(const MPI_Fint *) p)
                    : *(const MPI_Datatype *) p;
}

static MPI_Op
parcoach_read_op (const struct parcoach_args *a, const void *p)
{
  return a->fortran ? PMPI_Op_f2c (*(const MPI_Fint *) p)
                    : *(const MPI_Op *) p;
}

static int
parcoach_in_place (const struct parcoach_args *a, const void *buf)
{
  return a->fortran ? buf == NULL : buf == MPI_IN_PLACE;
}

/* The signature size in bytes of side S, or -1 if it cannot be known
   (a negative count, a null or invalid datatype: the guarded call will
   report those itself).  AT is PARCOACH_AT_EVERY or _ROOT (one count) or
   _TOTAL (one count per process of COMM, summed).  */
static long long
parcoach_side_size (const struct parcoach_args *a, int s, int at,
                    MPI_Comm comm)
{
  long long count = 0, size;
  MPI_Count type_size = 0;
  MPI_Datatype type;

  if (at == PARCOACH_AT_TOTAL)
    {
      int n = 0, i;
      if (PMPI_Comm_size (comm, &n) != MPI_SUCCESS)
        return -1;
      for (i = 0; i < n; i++)
        {
          int c = parcoach_read_int (a, a->count[s], i);
          if (c < 0)
            return -1;
          count += c;
        }
    }
  else
    count = parcoach_read_int (a, a->count[s], 0);
  if (count <= 0)
    return count == 0 ? 0 : -1;
  type = parcoach_read_type (a, a->type[s]);
  if (type == MPI_DATATYPE_NULL
      || PMPI_Type_size_x (type, &type_size) != MPI_SUCCESS
      || type_size == MPI_UNDEFINED || type_size < 0
      || __builtin_mul_overflow (count, (long long) type_size, &size))
    return -1;
  return size;
}

/* This process's values of the compared fields, other than the colour.
   Only what the standard makes significant on this process is read: the
   root's receive side of MPI_Gather, say, is garbage elsewhere.  */
static void
parcoach_contribute_args (const struct parcoach_args *a, int colour,
                          MPI_Comm comm, long long *in)
{
  const struct parcoach_shape *shape;
  int is_root = 0, s;

  if (a == NULL || colour < 1 || colour > PARCOACH_NCOLLECTIVES)
    return;
  shape = &parcoach_shapes[parcoach_collective_shapes[colour - 1]];
  if (shape->root && a->root != NULL)
    {
      int root = parcoach_read_int (a, a->root, 0);
      parcoach_field_put (in, PARCOACH_FIELD_ROOT, root);
      if (shape->send_at == PARCOACH_AT_ROOT
          || shape->recv_at == PARCOACH_AT_ROOT)
        {
          int rank = -1;
          PMPI_Comm_rank (comm, &rank);
          is_root = rank == root;
        }
    }
  if (shape->op && a->op != NULL)
    {
      int op = parcoach_op_index (parcoach_read_op (a, a->op));
      if (op >= 0)
        parcoach_field_put (in, PARCOACH_FIELD_OP, op);
    }
  for (s = 0; s < 2; s++)
    {
      int at = s == 0 ? shape->send_at : shape->recv_at;
      int has_buf = s == 0 ? shape->send_buf : shape->recv_buf;
      long long size;
      if (at == PARCOACH_AT_NOWHERE || (at == PARCOACH_AT_ROOT && !is_root)
          || a->count[s] == NULL || a->type[s] == NULL
          || (has_buf && parcoach_in_place (a, a->buf[s])))
        continue;
      size = parcoach_side_size (a, s, at, comm);
      if (size >= 0)
        parcoach_field_put (in, PARCOACH_FIELD_SIZE, size);
    }
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
  if (when == PARCOACH_CHECK_ONCE_PER_TEAM && omp_get_thread_num != NULL
      && omp_get_thread_num () != 0)
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
parcoach_allreduce_watched (signed char *in, signed char *out,
                            MPI_Comm comm, int colour, const char *file,
                            int line, const char *function)
{
  MPI_Request req;
  double start, waited;
  long pause = 50000;
  int err, done = 0;

  err = PMPI_Iallreduce (in, out, PARCOACH_DIGEST_BYTES, MPI_SIGNED_CHAR,
                         MPI_MIN, comm, &req);
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

static void parcoach_stop (MPI_Comm comm);

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
  parcoach_stop (comm);
}

/* After each process of COMM has printed its line: they all stop.  */
static void
parcoach_stop (MPI_Comm comm)
{
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

/* A growing line of text, cut with "..." when it would not fit.  */
struct parcoach_text
{
  char buf[1024];
  size_t len;
};

static void
parcoach_text_add (struct parcoach_text *t, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static void
parcoach_text_add (struct parcoach_text *t, const char *format, ...)
{
  va_list ap;
  size_t room = sizeof t->buf - t->len;
  int n;

  if (room <= 4)
    return;
  va_start (ap, format);
  n = vsnprintf (t->buf + t->len, room - 4, format, ap);
  va_end (ap);
  if (n < 0 || (size_t) n >= room - 4)
    {
      t->len = sizeof t->buf - 4;
      strcpy (t->buf + t->len, "...");
      t->len = sizeof t->buf - 1;
    }
  else
    t->len += (size_t) n;
}

/* One value of FIELD as it reads in a message; LO != HI for a process
   that put two values (a root whose send and receive sizes differ).  */
static void
parcoach_describe_value (struct parcoach_text *t, int field, long long lo,
                         long long hi)
{
  if (lo == PARCOACH_NO_VALUE)
    parcoach_text_add (t, field == PARCOACH_FIELD_OP
                            ? "a user-defined operation" : "unknown");
  else if (field == PARCOACH_FIELD_ROOT)
    parcoach_text_add (t, "root %lld", lo);
  else if (field == PARCOACH_FIELD_OP)
    parcoach_text_add (t, "%s", lo >= 0 && lo < PARCOACH_NOPS
                                  ? parcoach_ops[lo].name : "?");
  else if (lo == hi)
    parcoach_text_add (t, "%lld bytes", lo);
  else
    parcoach_text_add (t, "%lld and %lld bytes", lo, hi);
}

/* The processes of COMM call the same collective but disagree on FIELD.
   ALL holds every process's exact values (2 x PARCOACH_NFIELDS each).
   Prints on this process
     PARCOACH: rank R of communicator of size N stops before MPI_X at
     FILE:LINE in function F: processes call it with different roots:
     root 0 on ranks 0-2, root 1 on rank 3
   the values in increasing order, each with the ranks that gave it.  Then
   all stop.  */
static void
parcoach_report_argument (MPI_Comm comm, int field, const long long *all,
                          int colour, const char *file, int line,
                          const char *function)
{
  static const char *const what[PARCOACH_NFIELDS] = {
    "", "different roots", "different reduction operations",
    "different data sizes (count x datatype size)"
  };
  const int stride = 2 * PARCOACH_NFIELDS;
  int rank = -1, size = 0, r, groups = 0;
  long long lo = LLONG_MIN, hi = LLONG_MIN;
  struct parcoach_text t;
  char name[96];

  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  t.len = 0;
  t.buf[0] = '\0';
  /* Each distinct (smallest, largest) pair of a process, in increasing
     order (the wildcard last): O(values x size), fine on an error path.  */
#define PARCOACH_LO(r) (all[(r) * stride + 2 * field])
#define PARCOACH_HI(r) \
  (all[(r) * stride + 2 * field + 1] == PARCOACH_NO_VALUE \
     ? PARCOACH_NO_VALUE : -all[(r) * stride + 2 * field + 1])
  for (;;)
    {
      long long next_lo = LLONG_MAX, next_hi = LLONG_MAX;
      int found = 0, first = -1, last = -2, count = 0;
      for (r = 0; r < size; r++)
        {
          long long l = PARCOACH_LO (r), h = PARCOACH_HI (r);
          if ((l > lo || (l == lo && h > hi))
              && (!found || l < next_lo || (l == next_lo && h < next_hi)))
            {
              next_lo = l;
              next_hi = h;
              found = 1;
            }
        }
      if (!found)
        break;
      lo = next_lo;
      hi = next_hi;
      parcoach_text_add (&t, groups++ ? ", " : "");
      parcoach_describe_value (&t, field, lo, hi);
      /* The ranks, as ranges: "rank 3", "ranks 0-2,5".  */
      for (r = 0; r < size; r++)
        if (PARCOACH_LO (r) == lo && PARCOACH_HI (r) == hi)
          count++;
      parcoach_text_add (&t, count > 1 ? " on ranks " : " on rank ");
      count = 0;
      for (r = 0; r <= size; r++)
        {
          int same = r < size && PARCOACH_LO (r) == lo && PARCOACH_HI (r) == hi;
          if (same && first < 0)
            first = r;
          if (same)
            last = r;
          if (!same && first >= 0)
            {
              parcoach_text_add (&t, count++ ? "," : "");
              if (last > first)
                parcoach_text_add (&t, "%d-%d", first, last);
              else
                parcoach_text_add (&t, "%d", first);
              first = -1;
            }
        }
    }
#undef PARCOACH_LO
#undef PARCOACH_HI
  parcoach_describe (name, sizeof name, "", colour);
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d stops before %s"
           " at %s:%d in function %s: processes call it with %s: %s\n",
           rank, size, name, file != NULL ? file : "<unknown file>", line,
           function != NULL ? function : "<unknown function>", what[field],
           t.buf);
  fflush (stderr);
  parcoach_stop (comm);
}

/* The digests of COMM's processes disagree (every process of COMM got the
   same reduction, so all of them are here).  Gathers the exact values --
   a second collective, on this error path only -- and reports the first
   difference: the colour (different collectives: the other fields are
   not comparable), the root (which decides whose sizes count), the
   operation, the size.  Returns only if nothing differs, which equal
   digests make impossible.  */
static void
parcoach_report_mismatch (MPI_Comm comm, const long long *exact, int colour,
                          const char *file, int line, const char *function,
                          const char *conditionals)
{
  const int stride = 2 * PARCOACH_NFIELDS;
  int size = 0, r, field;
  long long *all = NULL;

  PMPI_Comm_size (comm, &size);
  if (size > 0)
    all = malloc ((size_t) size * stride * sizeof *all);
  if (all == NULL
      || PMPI_Allgather ((void *) exact, stride, MPI_LONG_LONG, all, stride,
                         MPI_LONG_LONG, comm) != MPI_SUCCESS)
    {
      /* The others wait in the gather: stop the job from here.  */
      fprintf (stderr, "PARCOACH: processes disagree before %s at %s:%d in"
               " function %s (no memory to tell more)\n",
               parcoach_colour_name (colour), file != NULL ? file : "?",
               line, function != NULL ? function : "?");
      fflush (stderr);
      PMPI_Abort (MPI_COMM_WORLD, PARCOACH_ABORT_CODE);
      abort ();
    }
  for (field = 0; field < PARCOACH_NFIELDS; field++)
    {
      long long lo = PARCOACH_NO_VALUE, hi = -PARCOACH_NO_VALUE;
      for (r = 0; r < size; r++)
        {
          const long long *v = all + (size_t) r * stride + 2 * field;
          if (v[0] == PARCOACH_NO_VALUE)
            continue;
          if (v[0] < lo)
            lo = v[0];
          if (-v[1] > hi)
            hi = -v[1];
        }
      if (lo == PARCOACH_NO_VALUE || lo == hi)
        continue;
      if (field == PARCOACH_FIELD_COLOUR)
        {
          free (all);
          parcoach_report (comm, colour, (int) lo, (int) hi, file, line,
                           function, conditionals);
        }
      parcoach_report_argument (comm, field, all, colour, file, line,
                                function);
    }
  free (all);
}

/* The check itself, on a communicator that MPI may use now.  */
static void
parcoach_check_usable_comm (MPI_Comm comm, const struct parcoach_args *args,
                            PARCOACH_CHECK_FACTS)
{
  int inter = 0;
  long long exact[2 * PARCOACH_NFIELDS];
  signed char in[PARCOACH_DIGEST_BYTES], out[PARCOACH_DIGEST_BYTES];

  if (comm == MPI_COMM_NULL)
    return;
  /* On an inter-communicator an MPI_Allreduce gives each group the
     reduction of the values of the *other* group, so it would compare the
     two groups with each other rather than check that every process is
     doing the same thing; processes of one group may moreover legitimately
     differ from those of the other (rooted collectives).  No check.  */
  if (PMPI_Comm_test_inter (comm, &inter) != MPI_SUCCESS || inter)
    return;

  parcoach_fields_init (exact);
  parcoach_field_put (exact, PARCOACH_FIELD_COLOUR, colour);
  parcoach_contribute_args (args, colour, comm, exact);
  parcoach_digest (exact, in);
  parcoach_options ();
  /* If the communicator's error handler returns errors, a failed check
     checks nothing: let the collective it guards report the problem.  */
  if (__builtin_expect (parcoach_timeout == 0 && parcoach_stats_path == NULL,
                        1))
    {
      if (PMPI_Allreduce (in, out, PARCOACH_DIGEST_BYTES, MPI_SIGNED_CHAR,
                          MPI_MIN, comm) != MPI_SUCCESS)
        return;
    }
  else
    {
      double start = parcoach_stats_path != NULL ? parcoach_now () : 0;
      int err = parcoach_timeout > 0
                ? parcoach_allreduce_watched (in, out, comm, colour, file,
                                              line, function)
                : PMPI_Allreduce (in, out, PARCOACH_DIGEST_BYTES,
                                  MPI_SIGNED_CHAR, MPI_MIN, comm);
      if (err != MPI_SUCCESS)
        return;
      if (parcoach_stats_path != NULL)
        parcoach_stats_record (colour, file, line, function,
                               parcoach_now () - start);
    }
  if (__builtin_expect (parcoach_digest_agrees (out), 1))
    return;
  parcoach_report_mismatch (comm, exact, colour, file, line, function,
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
    parcoach_check_usable_comm (MPI_COMM_WORLD, NULL, colour, file, line,
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
  parcoach_check_usable_comm (comm, NULL, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_comm_ptr (const MPI_Comm *comm, PARCOACH_SITE_PARAMS)
{
  if (comm == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (*comm, NULL, colour, file, line, function,
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
  parcoach_check_usable_comm (MPI_COMM_WORLD, NULL, colour, file, line,
                              function, conditionals);
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
  parcoach_check_usable_comm (PMPI_Comm_f2c (*comm), NULL, colour, file,
                              line, function, conditionals);
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

/* The checks that also compare arguments.  */

void
parcoach_check_comm_args (MPI_Comm comm, int colour, const int *root,
                          const MPI_Op *op, const void *send_buf,
                          const int *send_count,
                          const MPI_Datatype *send_type,
                          const void *recv_buf, const int *recv_count,
                          const MPI_Datatype *recv_type,
                          PARCOACH_SITE_TAIL_PARAMS)
{
  struct parcoach_args args = {
    0, root, op, { send_buf, recv_buf }, { send_count, recv_count },
    { send_type, recv_type }
  };
  if (!parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (comm, &args, colour, file, line, function,
                              conditionals);
}

void
parcoach_check_fortran_comm_args (const MPI_Fint *comm, int colour,
                                  const MPI_Fint *root, const MPI_Fint *op,
                                  const void *send_buf,
                                  const MPI_Fint *send_count,
                                  const MPI_Fint *send_type,
                                  const void *recv_buf,
                                  const MPI_Fint *recv_count,
                                  const MPI_Fint *recv_type,
                                  PARCOACH_SITE_TAIL_PARAMS)
{
  struct parcoach_args args = {
    1, root, op, { send_buf, recv_buf }, { send_count, recv_count },
    { send_type, recv_type }
  };
  if (comm == NULL || !parcoach_should_check (when))
    return;
  parcoach_check_usable_comm (PMPI_Comm_f2c (*comm), &args, colour, file,
                              line, function, conditionals);
}
