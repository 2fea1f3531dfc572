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

   Two options, read from the environment once per process
   (parcoach_options.c): PARCOACH_TIMEOUT, the watchdog
   (parcoach_watchdog.c), and PARCOACH_STATS, per-site statistics
   (parcoach_stats.c).  The compared arguments and their digest are in
   parcoach_digests.c; parcoach_internal.h lists what the parts share.  */

#include "parcoach_internal.h"
#include "parcoach_openmp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many flagged functions the calling thread is in (read by the
   wrappers of parcoach_pmpi_collectives.c too).  */
__thread int parcoach_depth;

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

int
parcoach_work_armed (void)
{
  return parcoach_depth > 0;
}

int
parcoach_enter_created_work (int armed)
{
  int saved = parcoach_depth;

  parcoach_depth = armed ? 1 : 0;
  return saved;
}

void
parcoach_leave_created_work (int saved)
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

/* The symbol instrumented objects refer to (parcoach_rt_checks.def).  */
const char parcoach_runtime_marker __asm__ (PARCOACH_RUNTIME_MARKER) = 1;

int
parcoach_known_colour (int colour)
{
  return colour >= 1 && colour <= PARCOACH_NCOLLECTIVES;
}

const char *
parcoach_colour_name (int colour)
{
  if (colour == PARCOACH_COLOUR_EXIT)
    return "leaving the function";
  if (colour >= 1 && colour <= PARCOACH_NCOLLECTIVES)
    return parcoach_collective_names[colour - 1];
  return "an unknown collective";
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

/* In a check entry point: return unless the check runs now, noting a
   skipped one's site for the hang detector's report of the call it
   guards (parcoach_note_skipped_check).  */
#define PARCOACH_RETURN_UNLESS_CHECKED(when) \
  do \
    { \
      if (!parcoach_should_check (when)) \
        { \
          parcoach_note_skipped_check (file, line, function, \
                                       __builtin_return_address (0)); \
          return; \
        } \
    } \
  while (0)

/* An unknown colour (an object instrumented by a newer plugin, whose table
   has more entries than this runtime's) also gets its number.  */
void
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
void
parcoach_let_output_drain (void)
{
  parcoach_sleep_ns (200000000L); /* 0.2 s */
}

static void parcoach_stop (MPI_Comm comm);

/* Where a check is, for an error line: "at FILE:LINE in function F", or
   for a collective of code built without PARCOACH, whose FILE names the
   caller (parcoach_pmpi_collectives.c), "called from FILE in code built
   without PARCOACH".  */
void
parcoach_where (char *text, size_t size, const char *file, int line,
                const char *function)
{
  if (function == parcoach_library_function)
    snprintf (text, size, "called from %s in code built without PARCOACH",
              file);
  else
    snprintf (text, size, "at %s:%d in function %s",
              file != NULL ? file : "<unknown file>", line,
              function != NULL ? function : "<unknown function>");
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
  char mine[96], theirs[96], where[256], note[512];
  int blame = conditionals != NULL && conditionals[0] != '\0';

  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  parcoach_describe (mine, sizeof mine, "", colour);
  parcoach_describe (theirs, sizeof theirs, "calling ", other);
  /* The others' collective may be one this process called on a smaller
     communicator (MPI_COMM_SELF against MPI_COMM_WORLD): name it.  */
  parcoach_smaller_comm_note (note, sizeof note, comm, other);

  /* One fprintf call, so that threads of this process do not interleave
     within the line.  */
  parcoach_where (where, sizeof where, file, line, function);
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d stops before %s"
           " %s: other processes are %s%s%s%s\n",
           rank, size, mine, where, theirs, note,
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
  parcoach_stop_program ();
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
    parcoach_text_add (t, "%s", parcoach_op_name (lo));
  else if (field == PARCOACH_FIELD_SIGNATURE)
    {
      char first[96], second[96];
      parcoach_describe_signature (first, sizeof first, lo);
      parcoach_describe_signature (second, sizeof second, hi);
      if (lo == hi)
        parcoach_text_add (t, "%s", first);
      else
        parcoach_text_add (t, "%s and %s", first, second);
    }
  else if (field == PARCOACH_FIELD_IN_PLACE)
    parcoach_text_add (t, "%s", lo ? "MPI_IN_PLACE" : "a buffer");
  else if (field == PARCOACH_FIELD_COMM)
    {
      char comm[160];
      parcoach_describe_comm (comm, sizeof comm, lo);
      parcoach_text_add (t, "%s", comm);
    }
  else if (field == PARCOACH_FIELD_COUNTS)
    {
      char counts[96];
      parcoach_describe_counts (counts, sizeof counts, lo);
      parcoach_text_add (t, "%s", counts);
    }
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
    "different data sizes (count x datatype size)",
    "different datatypes (type signatures)",
    "different recvcounts arrays (MPI requires the same on every process)",
    "MPI_IN_PLACE as sendbuf on some processes only (MPI requires it on all"
    " or none)",
    "different communicators (the calls cannot match: each waits for"
    " processes of the other)"
  };
  const int stride = 2 * PARCOACH_NFIELDS;
  int rank = -1, size = 0, r, groups = 0;
  long long lo = LLONG_MIN, hi = LLONG_MIN;
  struct parcoach_text t;
  char name[96], where[256];

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
  parcoach_where (where, sizeof where, file, line, function);
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d stops before %s"
           " %s: processes call it with %s: %s\n",
           rank, size, name, where, what[field], t.buf);
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
  /* The communicator right after the colour: when it differs, the other
     fields belong to two different collectives.  */
  static const int order[PARCOACH_NFIELDS] = {
    PARCOACH_FIELD_COLOUR, PARCOACH_FIELD_COMM, PARCOACH_FIELD_ROOT,
    PARCOACH_FIELD_OP, PARCOACH_FIELD_SIZE, PARCOACH_FIELD_SIGNATURE,
    PARCOACH_FIELD_COUNTS, PARCOACH_FIELD_IN_PLACE
  };
  int size = 0, r, i, field;
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
      parcoach_stop_program ();
    }
  for (i = 0; i < PARCOACH_NFIELDS; i++)
    {
      long long lo = PARCOACH_NO_VALUE, hi = -PARCOACH_NO_VALUE;
      field = order[i];
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

/* One reduction of EXACT's digest on COMM, and the report if the
   processes disagree.  STATS: this reduction counts in PARCOACH_STATS.  */
static void
parcoach_reduce_and_compare (MPI_Comm comm, const long long *exact, int stats,
                             PARCOACH_CHECK_FACTS)
{
  signed char in[PARCOACH_DIGEST_BYTES], out[PARCOACH_DIGEST_BYTES];

  parcoach_digest (exact, in);
  parcoach_options ();
  /* The check is a collective too: inside a call several threads make
     (CC_ipw of a call), a second thread's check must stop before it
     enters MPI (parcoach_threads.c).  */
  parcoach_thread_collective (parcoach_colour_name (colour), comm);
  /* While it waits, the hang detector knows where (parcoach_nohang.c).  */
  parcoach_hang_watch_check (comm, colour, file, line, function);
  /* If the communicator's error handler returns errors, a failed check
     checks nothing: let the collective it guards report the problem.  */
  if (__builtin_expect (parcoach_timeout == 0 && parcoach_stats_path == NULL,
                        1))
    {
      int err = PMPI_Allreduce (in, out, PARCOACH_DIGEST_BYTES,
                                MPI_SIGNED_CHAR, MPI_MIN, comm);
      parcoach_blocking_leave ();
      if (err != MPI_SUCCESS)
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
      parcoach_blocking_leave ();
      if (err != MPI_SUCCESS)
        return;
      if (stats && parcoach_stats_path != NULL)
        parcoach_stats_record (colour, file, line, function,
                               parcoach_now () - start);
    }
  if (__builtin_expect (parcoach_digest_agrees (out), 1))
    return;
  parcoach_report_mismatch (comm, exact, colour, file, line, function,
                            conditionals);
}

/* The v-variants, once every process agreed on the collective and its
   root: what each process sends another against what that one expects
   (parcoach_compare_peers).  Only the processes that see a difference
   know of it: each prints its line and stops the job.  */
static void
parcoach_check_peers (MPI_Comm comm, const struct parcoach_args *args,
                      int colour, const char *file, int line,
                      const char *function)
{
  char why[512], name[96], where[256];
  int rank = -1, size = 0;

  if (args == NULL || !parcoach_compare_peers (args, colour, comm, why, sizeof why))
    return;
  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  parcoach_describe (name, sizeof name, "", colour);
  parcoach_where (where, sizeof where, file, line, function);
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d stops before %s"
           " %s: processes call it with blocks that do not match: %s\n",
           rank, size, name, where, why);
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}

/* The check itself, on a communicator that MPI may use now.  */
static void
parcoach_check_usable_comm (MPI_Comm comm, const struct parcoach_args *args,
                            PARCOACH_CHECK_FACTS)
{
  int inter = 0, first_use = 0;
  long long exact[2 * PARCOACH_NFIELDS];
  MPI_Comm on;

  /* The collective this check guards need not be checked again by its
     wrapper (parcoach_pmpi_collectives.c).  */
  parcoach_note_checked (comm, colour);
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
  /* MPI_COMM_WORLD for its congruent copies, with the copy's number in
     EXACT: processes on two of them meet (parcoach_comm_identity.c).  */
  on = parcoach_comm_to_check (comm, exact, &first_use, colour, file, line,
                               function, conditionals);
  parcoach_reduce_and_compare (on, exact, 1, colour, file, line, function,
                               conditionals);
  /* Two copies both used for the first time get the same number: a second
     reduction, on the copy itself, which then waits for the processes on
     the other copy (the hang detector's case), as before the merge.  Once
     per copy.  */
  if (first_use)
    parcoach_reduce_and_compare (comm, exact, 0, colour, file, line,
                                 function, conditionals);
  parcoach_check_peers (comm, args, colour, file, line, function);
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
parcoach_check_usable_win (MPI_Win win, const struct parcoach_args *args,
                           PARCOACH_CHECK_FACTS)
{
  MPI_Group group;

  (void) args; /* window collectives have no compared argument */
  if (win == MPI_WIN_NULL)
    return;
  if (PMPI_Win_get_group (win, &group) != MPI_SUCCESS)
    return;
  parcoach_check_group (group, colour, file, line, function, conditionals);
}

static void
parcoach_check_usable_file (MPI_File fh, const struct parcoach_args *args,
                            PARCOACH_CHECK_FACTS)
{
  MPI_Group group;

  (void) args; /* nor have file collectives */
  if (fh == MPI_FILE_NULL)
    return;
  if (PMPI_File_get_group (fh, &group) != MPI_SUCCESS)
    return;
  parcoach_check_group (group, colour, file, line, function, conditionals);
}

/* The entry points of parcoach_rt_checks.def.  The Fortran conversions
   are only valid once MPI is initialised, hence the test first.  They use
   the PMPI_ names like every other call here (MPICH defines PMPI_Comm_f2c
   and PMPI_Win_f2c as macros and PMPI_File_f2c as a function; Open MPI has
   all three as functions); they do no communication anyway.  */
#define PARCOACH_HANDLE_CHECK(name, parameter, present, handle, checked_as, \
                              args, kinds, language) \
  void \
  parcoach_check_##name (parameter h, PARCOACH_SITE_PARAMS) \
  { \
    if (!(present)) \
      return; \
    PARCOACH_RETURN_UNLESS_CHECKED (when); \
    parcoach_check_usable_##checked_as (handle, NULL, colour, file, line, \
                                        function, conditionals); \
  }
#include "parcoach_rt_checks.def"
#undef PARCOACH_HANDLE_CHECK

void
parcoach_check_world (PARCOACH_SITE_PARAMS)
{
  PARCOACH_RETURN_UNLESS_CHECKED (when);
  parcoach_check_usable_comm (MPI_COMM_WORLD, NULL, colour, file, line,
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
  PARCOACH_RETURN_UNLESS_CHECKED (when);
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
  if (comm == NULL)
    return;
  PARCOACH_RETURN_UNLESS_CHECKED (when);
  parcoach_check_usable_comm (PMPI_Comm_f2c (*comm), &args, colour, file,
                              line, function, conditionals);
}
