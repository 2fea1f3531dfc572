/* PARCOACH run-time checks for MPI collectives in multithreaded code: see
   parcoach_threads.h.  */

/* nanosleep (POSIX), while the Makefile compiles with -std=c99.  */
#if !defined _POSIX_C_SOURCE && (defined __unix__ || defined __APPLE__)
#define _POSIX_C_SOURCE 200809L
#endif

#include "parcoach_threads.h"

#include "parcoach_internal.h"
#include "parcoach_openmp.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


#define MAX_LEVEL 8
#define TEAM_SLOTS 1024

/* A checked collective reached in the current phase of a team.  */
struct arrival
{
  int thread;
  const char *call, *file;
  int line;
  int comm_known;
  MPI_Comm comm;
};

#define ARRIVALS 32

/* One team, identified by its level and its ancestors' thread numbers.
   `instance' changes at every fork of a team with that identity; the
   arrivals are the checked collectives reached in the phase (barriers
   passed since the fork) `arrivals_phase' of instance
   `arrivals_instance'.  */
struct team
{
  int used;
  int level;
  int ancestors[MAX_LEVEL];
  unsigned instance;
  unsigned arrivals_instance, arrivals_phase;
  int count;
  struct arrival arrivals[ARRIVALS];
};

static struct team teams[TEAM_SLOTS];
static int table_lock;
static unsigned instances;
static int forks_seen; /* some team was forked with CC_cc checks */

/* What the calling thread knows of its team at each level.  */
static __thread unsigned my_instance[MAX_LEVEL + 1];
static __thread unsigned my_phase[MAX_LEVEL + 1];

static void
lock (void)
{
  while (__atomic_exchange_n (&table_lock, 1, __ATOMIC_ACQUIRE))
    ;
}

static void
unlock (void)
{
  __atomic_store_n (&table_lock, 0, __ATOMIC_RELEASE);
}

static int
thread_num (void)
{
  return omp_get_thread_num ? omp_get_thread_num () : 0;
}

/* The slot of the team at `level' whose ancestors (levels 1..level-1) are
   `ancestors', created if needed; null when the table is full.  Called
   with the lock held.  */
static struct team *
team_slot (int level, const int *ancestors)
{
  unsigned hash = 2166136261u;
  int i, probe;

  for (i = 0; i < level - 1; i++)
    hash = (hash ^ (unsigned) ancestors[i]) * 16777619u;
  hash = (hash ^ (unsigned) level) * 16777619u;
  for (probe = 0; probe < TEAM_SLOTS; probe++)
    {
      struct team *t = &teams[(hash + probe) % TEAM_SLOTS];
      if (!t->used)
        {
          memset (t, 0, sizeof *t);
          t->used = 1;
          t->level = level;
          memcpy (t->ancestors, ancestors, sizeof (int) * (level - 1));
          return t;
        }
      if (t->level == level
          && memcmp (t->ancestors, ancestors, sizeof (int) * (level - 1)) == 0)
        return t;
    }
  return NULL;
}

/* The calling thread's team, and its view of the team brought up to date
   with the team's instance.  Lock held.  */
static struct team *
my_team (int level)
{
  int ancestors[MAX_LEVEL];
  int l;
  struct team *t;

  for (l = 1; l < level; l++)
    ancestors[l - 1] = omp_get_ancestor_thread_num (l);
  t = team_slot (level, ancestors);
  if (t && my_instance[level] != t->instance)
    {
      my_instance[level] = t->instance;
      my_phase[level] = 0;
    }
  return t;
}

/* Set when a thread other than the main one has printed its stop while
   MPI provides less than MPI_THREAD_MULTIPLE: the main thread, which may
   be inside MPI at that moment, ends the program at its next wrapped
   collective (parcoach_thread_collective), since an MPI_Abort made
   concurrently with its call would itself break the thread level (UCX
   asserts under MPICH).  */
static int stop_handed_over;

/* Whether MPI provides a thread level below LEVEL (stored in *PROVIDED)
   and the calling thread is not the one that initialised it.  */
static int
other_thread_below (int level, int *provided)
{
  int is_main;

  return PMPI_Query_thread (provided) == MPI_SUCCESS && *provided < level
         && PMPI_Is_thread_main (&is_main) == MPI_SUCCESS && !is_main;
}

/* "PARCOACH: rank R thread T stops before CALL at WHERE: WHY", then the
   stop.  */
static void
stop_at (const char *call, const char *where, const char *why)
{
  int running = parcoach_mpi_usable (), provided, i;
  /* MPI_Abort makes the launcher kill the job, sometimes before it has
     forwarded the line above: give it a moment (as parcoach_rt.c).  */
  struct timespec pause = { 0, 200000000L };

  fprintf (stderr, "PARCOACH: rank %d thread %d stops before %s at %s: %s\n",
           running ? parcoach_world_rank () : -1, thread_num (),
           call ? call : "<unknown call>", where, why);
  fflush (stderr);
  if (!running)
    parcoach_stop_program ();
  nanosleep (&pause, NULL);
  /* Below MPI_THREAD_MULTIPLE the abort belongs to the main thread, which
     may be inside MPI now.  */
  if (other_thread_below (MPI_THREAD_MULTIPLE, &provided))
    {
      /* Up to 3 s for the main thread to take over; if it is blocked for
         good, the abort from here is the lesser evil.  */
      __atomic_store_n (&stop_handed_over, 1, __ATOMIC_RELEASE);
      for (i = 0; i < 30; i++)
        {
          struct timespec tick = { 0, 100000000L };
          nanosleep (&tick, NULL);
        }
    }
  parcoach_stop_program ();
}

static void
stop (const char *call, const char *file, int line, const char *function,
      const char *why)
{
  char where[512];

  snprintf (where, sizeof where, "%s:%d in function %s",
            file ? file : "<unknown file>", line,
            function ? function : "<unknown function>");
  stop_at (call, where, why);
}

void
parcoach_thread_fork (void)
{
  int level = parcoach_team_level () + 1;
  int ancestors[MAX_LEVEL];
  int l;
  struct team *t;

  if (!omp_get_ancestor_thread_num || level > MAX_LEVEL)
    return;
  __atomic_store_n (&forks_seen, 1, __ATOMIC_RELAXED);
  for (l = 1; l < level; l++)
    ancestors[l - 1] = omp_get_ancestor_thread_num (l);
  lock ();
  t = team_slot (level, ancestors);
  if (t)
    {
      t->instance = ++instances;
      t->count = 0;
    }
  unlock ();
}

/* The level of the team a mark (barrier, taskwait) is about, or 0 when
   there is nothing to record.  Marks are dormant until a checked team has
   been forked: the barriers of called functions are marked wherever they
   are, and phases matter only to teams that a fork mark started (my_team
   restarts the count then).  */
static int
marked_level (void)
{
  int level;

  if (!__atomic_load_n (&forks_seen, __ATOMIC_RELAXED))
    return 0;
  level = parcoach_team_level ();
  if (!omp_get_ancestor_thread_num || level < 1 || level > MAX_LEVEL)
    return 0;
  return level;
}

void
parcoach_thread_barrier (void)
{
  int level = marked_level ();

  if (!level)
    return;
  lock ();
  if (my_team (level))
    my_phase[level]++;
  unlock ();
}

void
parcoach_thread_check_cc_if (int active, const char *others,
                             const char *call, const char *file, int line,
                             const char *function)
{
  if (active)
    parcoach_thread_check_cc (call, file, line, function, others);
}

void
parcoach_thread_check_cc_comm_if (int active, const char *others,
                                  const char *call, const char *file, int line,
                                  const char *function, MPI_Comm comm)
{
  if (active)
    parcoach_thread_check_cc_comm (comm, call, file, line, function, others);
}

void
parcoach_thread_check_cc_fortran_if (int active, const char *others,
                                     const char *call, const char *file,
                                     int line, const char *function,
                                     const MPI_Fint *comm)
{
  if (active)
    parcoach_thread_check_cc_fortran (comm, call, file, line, function,
                                      others);
}

void
parcoach_thread_taskwait (void)
{
  int level = marked_level ();
  struct team *t;

  if (!level)
    return;
  lock ();
  t = my_team (level);
  if (t && t->arrivals_instance == my_instance[level]
      && t->arrivals_phase == my_phase[level])
    t->count = 0;
  unlock ();
}

/* Whether LINE is one of the comma-separated line numbers of OTHERS.  */
static int
listed (const char *others, int line)
{
  const char *p = others;
  char *end;

  while (p && *p)
    {
      long value = strtol (p, &end, 10);
      if (end == p)
        {
          p++;
          continue;
        }
      if (value == line)
        return 1;
      p = end;
    }
  return 0;
}

/* Which earlier arrivals of other threads a new one conflicts with.  */
enum conflict_rule
{
  PAIRED_LINES, /* CC_cc: the collectives the compiler paired (OTHERS) */
  SAME_CALL     /* CC_ipw: the same call */
};

/* Records that the calling thread, of the team at LEVEL (the innermost),
   reaches CALL at FILE:LINE (on COMM when COMM_KNOWN), and copies into
   *CONFLICT, returning 1, an arrival of another thread of the team in the
   same phase that RULE says it conflicts with, on the same communicator,
   or where one of the two is not known.  For PAIRED_LINES, two calls of
   functions whose communicators neither check knows never conflict (under
   MPI_THREAD_MULTIPLE each may run on communicators of its own, and a
   check that cannot know stays silent); the same call reached twice
   (SAME_CALL) does.  */
static int
arrive (int level, enum conflict_rule rule, const char *call,
        const char *file, int line, const char *others, int comm_known,
        MPI_Comm comm, struct arrival *conflict)
{
  int me = thread_num ();
  struct team *t;
  int i;

  lock ();
  t = my_team (level);
  if (!t)
    {
      unlock ();
      return 0;
    }
  if (t->arrivals_instance != my_instance[level]
      || t->arrivals_phase < my_phase[level])
    {
      t->arrivals_instance = my_instance[level];
      t->arrivals_phase = my_phase[level];
      t->count = 0;
    }
  else if (t->arrivals_phase != my_phase[level])
    {
      /* A thread still in an older phase than the team's arrivals.  */
      unlock ();
      return 0;
    }
  for (i = 0; i < t->count; i++)
    {
      const struct arrival *a = &t->arrivals[i];
      int related = rule == PAIRED_LINES ? listed (others, a->line)
                                         : a->line == line;
      int same_comm = !a->comm_known || !comm_known || a->comm == comm;
      if (rule == PAIRED_LINES)
        same_comm &= a->comm_known || comm_known;
      if (a->thread != me && related && same_comm
          && strcmp (a->file ? a->file : "", file ? file : "") == 0)
        {
          *conflict = *a;
          unlock ();
          return 1;
        }
    }
  for (i = 0; i < t->count; i++)
    if (t->arrivals[i].thread == me && t->arrivals[i].line == line
        && t->arrivals[i].file == file && t->arrivals[i].comm == comm)
      {
        unlock ();
        return 0;
      }
  /* Remember this arrival (when full, later ones go unchecked: a miss is
     possible, a false stop is not).  */
  if (t->count < ARRIVALS)
    {
      struct arrival *a = &t->arrivals[t->count++];
      a->thread = me;
      a->call = call;
      a->file = file;
      a->line = line;
      a->comm_known = comm_known;
      a->comm = comm;
    }
  unlock ();
  return 0;
}

/* CC_cc: the calling thread reaches CALL; stop if another thread of its
   team reached, in the same phase, a collective that the compiler paired
   with this one (its line is in OTHERS, same file), per arrive.  */
static void
check_cc (const char *call, const char *file, int line, const char *function,
          const char *others, int comm_known, MPI_Comm comm)
{
  int level = parcoach_team_level ();
  struct arrival conflict;
  char why[512];

  if (!omp_get_ancestor_thread_num || level < 1 || level > MAX_LEVEL
      || omp_get_team_size (level) <= 1
      || !arrive (level, PAIRED_LINES, call, file, line, others, comm_known,
                  comm, &conflict))
    return;
  snprintf (why, sizeof why,
            "thread %d of the same team reached %s at %s:%d since the last "
            "barrier; collectives in concurrent monothreaded regions (this "
            "one and line(s) %s) would be called in an order that depends on "
            "the threads' schedule",
            conflict.thread, conflict.call ? conflict.call : "a collective",
            conflict.file ? conflict.file : "", conflict.line,
            others ? others : "");
  stop (call, file, line, function, why);
}

void
parcoach_thread_check_cc (const char *call, const char *file, int line,
                          const char *function, const char *others)
{
  check_cc (call, file, line, function, others, 0, MPI_COMM_NULL);
}

void
parcoach_thread_check_cc_comm (MPI_Comm comm, const char *call,
                               const char *file, int line,
                               const char *function, const char *others)
{
  check_cc (call, file, line, function, others, 1, comm);
}

void
parcoach_thread_check_cc_fortran (const MPI_Fint *comm, const char *call,
                                  const char *file, int line,
                                  const char *function, const char *others)
{
  if (!comm)
    check_cc (call, file, line, function, others, 0, MPI_COMM_NULL);
  else
    check_cc (call, file, line, function, others, 1, MPI_Comm_f2c (*comm));
}

/* ---- One thread in MPI at a time (below MPI_THREAD_MULTIPLE) */

/* Whether to count the threads in the wrapped collectives: 0 not decided
   yet, 1 yes (MPI provides less than MPI_THREAD_MULTIPLE), -1 no.  */
static int serial_state;
static int serial_provided;
static int threads_in_mpi;
static const char *call_in_mpi; /* the call of a thread inside, for the message */
static __thread int depth_in_mpi; /* a profiling layer may call MPI_ again */

static const char *
thread_level_name (int level)
{
  switch (level)
    {
    case MPI_THREAD_SINGLE:
      return "MPI_THREAD_SINGLE";
    case MPI_THREAD_FUNNELED:
      return "MPI_THREAD_FUNNELED";
    case MPI_THREAD_SERIALIZED:
      return "MPI_THREAD_SERIALIZED";
    default:
      return "MPI_THREAD_MULTIPLE";
    }
}

/* The call this thread last made, in a phase of its team, to a function
   of the unit that runs collectives, past a CC_ipw check whose word names
   every thread of the team: its collectives are checked as they run
   (parcoach_thread_collective), since the callee may test the thread
   number itself.  */
static __thread struct
{
  int armed, level;
  unsigned instance, phase;
  const char *callee, *file, *function;
  int line;
} pending_call;

/* Stops with WHY about CALL when MPI lets only its main thread call it
   (it provides MPI_THREAD_FUNNELED or less) and the calling thread is
   another one.  */
static void
stop_unless_main_thread (const char *call, const char *file, int line,
                         const char *function)
{
  int provided;
  char why[320];

  if (!parcoach_mpi_usable ()
      || !other_thread_below (MPI_THREAD_SERIALIZED, &provided))
    return;
  snprintf (why, sizeof why,
            "this thread did not initialise MPI, and MPI provides %s, which "
            "lets only the main thread call MPI (MPI 4.0 section 11.6)",
            thread_level_name (provided));
  stop (call, file, line, function, why);
}

/* Stops if another thread of the team at LEVEL reached CALL at FILE:LINE
   (on COMM when COMM_KNOWN) in this phase; SHOWN names it in the
   message.  CALL outlives the phase.  */
static void
stop_if_reached_twice (int level, const char *call, const char *shown,
                       const char *file, int line, const char *function,
                       int comm_known, MPI_Comm comm)
{
  struct arrival conflict;
  char why[512];

  if (!arrive (level, SAME_CALL, call, file, line, NULL, comm_known, comm,
               &conflict))
    return;
  snprintf (why, sizeof why,
            "thread %d of the same team reached it too since the last "
            "barrier (%s); concurrent calls of a collective on one "
            "communicator are erroneous at every thread level, and so are "
            "calls in an order that depends on the threads' schedule",
            conflict.thread, conflict.call ? conflict.call : "a collective");
  stop (shown, file, line, function, why);
}

/* CC_ipw for CALL, a collective (CALLEE null; on COMM when COMM_KNOWN) or
   a call to CALLEE, a function that runs collectives: see
   parcoach_threads.h.  */
static void
check_ipw (const char *word, const char *call, const char *callee,
           const char *file, int line, const char *function, int comm_known,
           MPI_Comm comm)
{
  int level = parcoach_team_level ();
  int n = word ? (int) strlen (word) : 0;
  int outer = 0, teams = 0, outermost = 0, i;
  long threads = 1;
  char why[512], teams_text[128] = "";

  if (!omp_get_team_size)
    return;
  /* Walk the word from its innermost letter; `outer' counts the P
     letters already matched with levels.  */
  for (i = n - 1; i >= 0; i--)
    {
      int l, size;
      if (word[i] != 'P')
        continue;
      l = level - outer++;
      size = l >= 1 ? omp_get_team_size (l) : 1;
      if (size > 1 && (i + 1 == n || word[i + 1] == 'P'))
        {
          size_t used = strlen (teams_text);
          threads *= size;
          teams++;
          outermost = l;
          snprintf (teams_text + used, sizeof teams_text - used, "%s%d",
                    used ? " x " : "", size);
        }
    }
  if (threads <= 1)
    return;
  if (teams == 1 && outermost == level && omp_get_ancestor_thread_num
      && level <= MAX_LEVEL)
    {
      /* One team, the calling thread's: the word says all its threads
         reach the call, but the compiler may not have followed a test of
         the thread number that lets one thread alone reach it (a field, a
         pointer, a threadprivate copy, `tid == nthreads - 1', a test
         inside the callee): stop only on what really happens.  */
      if (callee)
        {
          lock ();
          if (my_team (level))
            {
              pending_call.armed = 1;
              pending_call.level = level;
              pending_call.instance = my_instance[level];
              pending_call.phase = my_phase[level];
              pending_call.callee = callee;
              pending_call.file = file;
              pending_call.line = line;
              pending_call.function = function;
            }
          unlock ();
          return;
        }
      stop_unless_main_thread (call, file, line, function);
      stop_if_reached_twice (level, call, call, file, line, function,
                             comm_known, comm);
      return;
    }
  snprintf (why, sizeof why,
            "%ld threads of this process may %s at once (teams of %s "
            "threads); concurrent calls of a collective on one communicator "
            "are erroneous at every thread level",
            threads,
            callee ? "make this call, which runs MPI collectives,"
                   : "call this collective",
            teams_text);
  stop (call, file, line, function, why);
}

void
parcoach_thread_collective (const char *call, MPI_Comm comm)
{
  int level;
  char what[320];

  if (__builtin_expect (__atomic_load_n (&stop_handed_over, __ATOMIC_ACQUIRE),
                        0))
    {
      int is_main = 0;
      if (PMPI_Is_thread_main (&is_main) == MPI_SUCCESS && is_main)
        parcoach_stop_program ();
    }
  if (__builtin_expect (!pending_call.armed, 1))
    return;
  level = parcoach_team_level ();
  if (level < pending_call.level)
    {
      pending_call.armed = 0; /* the team has ended */
      return;
    }
  if (level > pending_call.level)
    return; /* a team the callee forked: not the checked one */
  lock ();
  if (!my_team (level) || my_instance[level] != pending_call.instance
      || my_phase[level] != pending_call.phase)
    pending_call.armed = 0;
  unlock ();
  if (!pending_call.armed)
    return;
  snprintf (what, sizeof what, "%s in the call to %s", call,
            pending_call.callee);
  stop_unless_main_thread (what, pending_call.file, pending_call.line,
                           pending_call.function);
  stop_if_reached_twice (level, call, what, pending_call.file,
                         pending_call.line, pending_call.function, 1, comm);
}

void
parcoach_thread_check_ipw (const char *word, const char *call,
                           const char *file, int line, const char *function)
{
  check_ipw (word, call, NULL, file, line, function, 0, MPI_COMM_NULL);
}

void
parcoach_thread_check_ipw_comm (MPI_Comm comm, const char *word,
                                const char *call, const char *file, int line,
                                const char *function)
{
  check_ipw (word, call, NULL, file, line, function, 1, comm);
}

void
parcoach_thread_check_ipw_fortran (const MPI_Fint *comm, const char *word,
                                   const char *call, const char *file,
                                   int line, const char *function)
{
  check_ipw (word, call, NULL, file, line, function, comm != NULL,
             comm ? MPI_Comm_f2c (*comm) : MPI_COMM_NULL);
}

void
parcoach_thread_check_ipw_call (int active, const char *word,
                                const char *callee, const char *file,
                                int line, const char *function)
{
  char call[256];

  if (!active)
    return;
  snprintf (call, sizeof call, "the call to %s", callee ? callee : "?");
  check_ipw (word, call, callee ? callee : "?", file, line, function, 0,
             MPI_COMM_NULL);
}

int
parcoach_serial_enter (const char *call, void *caller)
{
  int state = __atomic_load_n (&serial_state, __ATOMIC_ACQUIRE);
  const char *other;
  char why[320];

  if (__builtin_expect (state == 0, 0))
    {
      /* Decided once MPI runs (the level cannot change afterwards).  */
      if (!parcoach_mpi_usable ())
        return 0;
      state = PMPI_Query_thread (&serial_provided) == MPI_SUCCESS
                  && serial_provided != MPI_THREAD_MULTIPLE
                ? 1 : -1;
      __atomic_store_n (&serial_state, state, __ATOMIC_RELEASE);
    }
  if (state < 0)
    return 0;
  if (depth_in_mpi++ > 0)
    return 1;
  if (__atomic_fetch_add (&threads_in_mpi, 1, __ATOMIC_ACQ_REL) == 0)
    {
      __atomic_store_n (&call_in_mpi, call, __ATOMIC_RELAXED);
      return 1;
    }
  other = __atomic_load_n (&call_in_mpi, __ATOMIC_RELAXED);
  snprintf (why, sizeof why,
            "another thread of this process is in %s, and MPI provides %s, "
            "which lets one thread at a time call MPI (MPI 4.0 section 11.6)",
            other ? other : "MPI", thread_level_name (serial_provided));
  stop_at (call, parcoach_describe_library_caller (caller), why);
  return 1;
}

void
parcoach_serial_leave (void)
{
  if (--depth_in_mpi == 0)
    __atomic_fetch_sub (&threads_in_mpi, 1, __ATOMIC_ACQ_REL);
}
