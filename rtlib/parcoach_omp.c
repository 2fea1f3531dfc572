/* PARCOACH run-time check for OpenMP collectives: see parcoach_omp.h.

   A check is a counting barrier that also computes the smallest and the
   largest colour of the arriving threads.  The state of a team lives in a
   slot chosen from the team's identity (its nesting level and the thread
   numbers of its ancestors), so nested teams do not share a slot, and
   consecutive regions of the same team reuse it: each round has a
   generation number, and its result is kept in one of two places by
   parity, so that a fast thread starting the next round cannot overwrite
   what a slow one has yet to read.

   Arming (the dormant checks of orphaned constructs): each thread keeps
   one bit per nesting level, set from the start of a checked region of
   its team at that level to its end.  Every thread of a team runs the
   region's body, so the threads of one team are armed alike; a nested
   team has a level of its own, so it is never armed by its parent's
   region.  */

#include "parcoach_omp.h"

#include "parcoach_internal.h"
#include "parcoach_openmp.h"

#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

/* Weak: a program without OpenMP has none of these, and then every team
   has one thread.  */

#define PARCOACH_OMP_SLOTS 64
#define PARCOACH_OMP_MAX_LEVEL 8

struct team_state
{
  int arrived;
  int min, max;                  /* of the round in progress */
  int result_min[2], result_max[2];
  unsigned generation;
  int stopped;                   /* threads that printed their stop line */
};

static struct team_state slots[PARCOACH_OMP_SLOTS];

/* Bit L: the calling thread is in a checked region of its team at level
   L; with, for the messages of dormant checks, that region's function
   and conditionals.  */
static __thread unsigned long long armed;
static __thread const char *armed_function[PARCOACH_OMP_MAX_ARMED_LEVEL];
static __thread const char *armed_conditionals[PARCOACH_OMP_MAX_ARMED_LEVEL];

static const char *const colour_names[] = {
  "the end of the parallel region", "a barrier", "a worksharing for/do",
  "a worksharing sections", "a single"
};

static const char *
name_of (int colour)
{
  if (colour >= 0 && colour < (int) (sizeof colour_names / sizeof *colour_names))
    return colour_names[colour];
  return "an unknown construct";
}

/* The slot of the calling thread's team.  */
static struct team_state *
team_slot (void)
{
  unsigned hash = 2166136261u;
  int level = omp_get_level ? omp_get_level () : 1;
  int l;

  for (l = 1; l < level && l <= PARCOACH_OMP_MAX_LEVEL; l++)
    hash = (hash ^ (unsigned) omp_get_ancestor_thread_num (l)) * 16777619u;
  hash = (hash ^ (unsigned) level) * 16777619u;
  return &slots[hash % PARCOACH_OMP_SLOTS];
}

/* `blamed_in': the function of the conditionals, when it is not
   `function' (a dormant check naming its checked region's).  Every thread
   of the team comes here after the same round; each waits (a bounded
   while) for the others to have printed before stopping the process.  */
static void
stop (struct team_state *team, int size, int colour, int other,
      const char *file, int line, const char *function,
      const char *conditionals, const char *blamed_in)
{
  long spins;
  int blame = conditionals != NULL && conditionals[0] != '\0';

  fprintf (stderr,
           "PARCOACH: thread %d of a team of %d stops before %s at %s:%d in "
           "function %s: other threads are at %s%s%s%s%s\n",
           omp_get_thread_num (), omp_get_num_threads (), name_of (colour),
           file ? file : "<unknown file>", line,
           function ? function : "<unknown function>", name_of (other),
           blame ? "; see the conditional(s) at line(s) " : "",
           blame ? conditionals : "",
           blame && blamed_in ? " in function " : "",
           blame && blamed_in ? blamed_in : "");
  fflush (stderr);
  __atomic_add_fetch (&team->stopped, 1, __ATOMIC_ACQ_REL);
  for (spins = 0; spins < 1000000
                  && __atomic_load_n (&team->stopped, __ATOMIC_ACQUIRE) < size;
       spins++)
    sched_yield ();
  parcoach_stop_program ();
}

static void
fold_min (int *target, int value)
{
  int seen = __atomic_load_n (target, __ATOMIC_RELAXED);
  while (value < seen
         && !__atomic_compare_exchange_n (target, &seen, value, 1,
                                          __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    ;
}

static void
fold_max (int *target, int value)
{
  int seen = __atomic_load_n (target, __ATOMIC_RELAXED);
  while (value > seen
         && !__atomic_compare_exchange_n (target, &seen, value, 1,
                                          __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
    ;
}

/* The rendezvous of a check: wait for the whole team, compare colours.  */
static void
rendezvous (int colour, const char *file, int line, const char *function,
            const char *conditionals, const char *blamed_in)
{
  struct team_state *team;
  unsigned generation;
  int size, parity, min, max;

  if (!omp_get_num_threads || (size = omp_get_num_threads ()) <= 1)
    return;
  team = team_slot ();
  generation = __atomic_load_n (&team->generation, __ATOMIC_ACQUIRE);
  parity = generation & 1;
  /* Fold my colour in; min and max start at the neutral values the last
     thread of the previous round put back.  */
  fold_min (&team->min, colour);
  fold_max (&team->max, colour);
  if (__atomic_add_fetch (&team->arrived, 1, __ATOMIC_ACQ_REL) == size)
    {
      /* Last to arrive: publish, reset for the next round, release.  */
      team->result_min[parity] = __atomic_load_n (&team->min, __ATOMIC_ACQUIRE);
      team->result_max[parity] = __atomic_load_n (&team->max, __ATOMIC_ACQUIRE);
      __atomic_store_n (&team->min, __INT_MAX__, __ATOMIC_RELAXED);
      __atomic_store_n (&team->max, -__INT_MAX__ - 1, __ATOMIC_RELAXED);
      __atomic_store_n (&team->arrived, 0, __ATOMIC_RELAXED);
      __atomic_store_n (&team->generation, generation + 1, __ATOMIC_RELEASE);
    }
  else
    while (__atomic_load_n (&team->generation, __ATOMIC_ACQUIRE) == generation)
      sched_yield ();
  min = team->result_min[parity];
  max = team->result_max[parity];
  if (min != max)
    stop (team, size, colour, colour == min ? max : min, file, line, function,
          conditionals, blamed_in);
}

void
parcoach_omp_check (int colour, const char *file, int line,
                    const char *function, const char *conditionals)
{
  int level = parcoach_team_level ();

  /* Too deep to be armed: its dormant checks cannot run, so neither may
     the live ones.  */
  if (level >= PARCOACH_OMP_MAX_ARMED_LEVEL)
    return;
  if (colour == PARCOACH_OMP_START)
    {
      armed |= 1ull << level;
      armed_function[level] = function;
      armed_conditionals[level] = conditionals;
      return;
    }
  rendezvous (colour, file, line, function, conditionals, NULL);
  if (colour == PARCOACH_OMP_END)
    armed &= ~(1ull << level);
}

void
parcoach_omp_check_if_armed (int colour, const char *file, int line,
                             const char *function, const char *conditionals)
{
  int level;

  if (!armed)
    return; /* the common case: no checked region in this thread */
  level = parcoach_team_level ();
  if (level >= PARCOACH_OMP_MAX_ARMED_LEVEL || !(armed >> level & 1))
    return;
  if (conditionals == NULL || conditionals[0] == '\0')
    rendezvous (colour, file, line, function, armed_conditionals[level],
                armed_function[level]);
  else
    rendezvous (colour, file, line, function, conditionals, NULL);
}

/* Neutral starting values of every slot.  */
__attribute__ ((constructor)) static void
parcoach_omp_init (void)
{
  int i;
  for (i = 0; i < PARCOACH_OMP_SLOTS; i++)
    {
      slots[i].min = __INT_MAX__;
      slots[i].max = -__INT_MAX__ - 1;
    }
}
