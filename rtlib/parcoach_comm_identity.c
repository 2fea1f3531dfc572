/* Which communicator a check runs on, and the identity of the guarded
   collective's communicator that it compares (issue 19).

   The mismatch this catches: processes call the same collective, some on
   MPI_COMM_WORLD and some on a duplicate of it (`rank == 0 ? dup :
   MPI_COMM_WORLD').  Each collective waits for processes that are in the
   other one: the program hangs.  A check on each process's own
   communicator hangs the same way (rank 0 checks on the duplicate, the
   others on MPI_COMM_WORLD).

   So every check on a communicator with exactly MPI_COMM_WORLD's
   processes in the same order (MPI_CONGRUENT: MPI_Comm_dup of it, a split
   with one colour...) runs on MPI_COMM_WORLD itself, and compares which
   communicator each process guards: 0 for MPI_COMM_WORLD, k > 0 for the
   k-th other such communicator this process checked.  Why this is safe
   on correct programs: each check is a synchronising MPI_Allreduce over
   all processes, whether on MPI_COMM_WORLD or on a congruent copy, so in
   any run whose checks complete, the processes run their checks on these
   communicators in one common order (two processes doing two of them in
   opposite orders would wait for each other forever).  Merging them onto
   MPI_COMM_WORLD keeps that order, and at each step every process guards
   the same communicator, so the numbers, given in order of first use,
   agree.  Not when the process runs MPI_THREAD_MULTIPLE: two threads may
   then run checks on two such communicators at once, which would become
   two concurrent collectives on MPI_COMM_WORLD; every check stays on its
   own communicator.

   What is not caught this way: two copies of MPI_COMM_WORLD both first
   used at the same step (both get the same number; so the first check of
   a copy runs again on the copy itself, which then waits as before the
   merge, and the hang detector, parcoach_nohang.c, stops the run), and
   communicators with fewer
   processes (MPI_COMM_SELF, a split half against MPI_COMM_WORLD: their
   processes never meet in one check).  For those, each thread remembers
   its last few checks on other communicators, and a later failing check
   on a larger communicator names the latest that guarded the collective
   the others are calling (parcoach_smaller_comm_note).  */

#include "parcoach_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The attribute caching a communicator's number: an intptr_t, the number
   k > 0 of a congruent copy, or -1 for any other communicator.  Not
   copied by MPI_Comm_dup (a duplicate is another communicator).  */
static int parcoach_identity_key = MPI_KEYVAL_INVALID;
/* 1: merge checks onto MPI_COMM_WORLD; 0: not (MPI_THREAD_MULTIPLE, or no
   keyval).  */
static int parcoach_identity_on;
static pthread_once_t parcoach_identity_once = PTHREAD_ONCE_INIT;
/* How many congruent copies this process has numbered.  */
static long parcoach_copies;

static void
parcoach_identity_init (void)
{
  int provided = MPI_THREAD_SINGLE;

  if (PMPI_Query_thread (&provided) != MPI_SUCCESS
      || provided == MPI_THREAD_MULTIPLE)
    return;
  if (PMPI_Comm_create_keyval (MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN,
                               &parcoach_identity_key, NULL)
      != MPI_SUCCESS)
    return;
  parcoach_identity_on = 1;
}

/* COMM's number: 0 for MPI_COMM_WORLD, k > 0 for a congruent copy, -1
   otherwise (or when the numbering is off).  *FIRST_USE: 1 when a copy
   got its number now.  */
static long
parcoach_comm_number (MPI_Comm comm, int *first_use)
{
  void *value = NULL;
  int found = 0, result = MPI_UNEQUAL;
  long number;

  if (comm == MPI_COMM_WORLD)
    return 0;
  pthread_once (&parcoach_identity_once, parcoach_identity_init);
  if (!parcoach_identity_on)
    return -1;
  if (PMPI_Comm_get_attr (comm, parcoach_identity_key, &value, &found)
        == MPI_SUCCESS
      && found)
    return (long) (intptr_t) value;
  if (PMPI_Comm_compare (comm, MPI_COMM_WORLD, &result) != MPI_SUCCESS)
    return -1;
  number = result == MPI_CONGRUENT || result == MPI_IDENT ? ++parcoach_copies
                                                          : -1;
  *first_use = number > 0;
  PMPI_Comm_set_attr (comm, parcoach_identity_key, (void *) (intptr_t) number);
  return number;
}

/* The last few checks of this thread on communicators other than
   MPI_COMM_WORLD and its copies (a few: MPI_Comm_free of the communicator
   follows its last collective), the newest at NEXT - 1.  */
#define PARCOACH_SMALLER_KEPT 4

struct parcoach_smaller_check
{
  int colour, line, size, self;
  const char *file, *function;
};

static __thread struct parcoach_smaller_check
  parcoach_smaller[PARCOACH_SMALLER_KEPT];
static __thread unsigned parcoach_smaller_next;

MPI_Comm
parcoach_comm_to_check (MPI_Comm comm, long long *exact, int *first_use,
                        PARCOACH_CHECK_FACTS)
{
  long number = parcoach_comm_number (comm, first_use);

  (void) conditionals;
  if (number >= 0)
    {
      parcoach_field_put (exact, PARCOACH_FIELD_COMM, number);
      return MPI_COMM_WORLD;
    }
  {
    struct parcoach_smaller_check *c
      = &parcoach_smaller[parcoach_smaller_next++ % PARCOACH_SMALLER_KEPT];
    c->colour = colour;
    c->file = file;
    c->line = line;
    c->function = function;
    c->self = comm == MPI_COMM_SELF;
    if (PMPI_Comm_size (comm, &c->size) != MPI_SUCCESS)
      c->size = -1;
  }
  return comm;
}

void
parcoach_describe_comm (char *text, size_t size, long long number)
{
  if (number == 0)
    snprintf (text, size, "MPI_COMM_WORLD");
  else
    snprintf (text, size,
              "copy #%lld of MPI_COMM_WORLD (MPI_Comm_dup or the like,"
              " numbered in order of use)", number);
}

void
parcoach_smaller_comm_note (char *text, size_t size, MPI_Comm comm,
                            int other_colour)
{
  int comm_size = 0, i;
  char where[256], name[96];
  const struct parcoach_smaller_check *c = NULL;

  text[0] = '\0';
  for (i = 1; i <= PARCOACH_SMALLER_KEPT && c == NULL; i++)
    {
      const struct parcoach_smaller_check *k
        = &parcoach_smaller[(parcoach_smaller_next - i) % PARCOACH_SMALLER_KEPT];
      if (k->file != NULL && k->colour == other_colour)
        c = k;
    }
  if (c == NULL || PMPI_Comm_size (comm, &comm_size) != MPI_SUCCESS
      || c->size < 1 || c->size >= comm_size)
    return;
  parcoach_describe (name, sizeof name, "", other_colour);
  parcoach_where (where, sizeof where, c->file, c->line, c->function);
  if (c->self)
    snprintf (text, size,
              "; this process called %s %s on MPI_COMM_SELF, not on this"
              " communicator of %d processes", name, where, comm_size);
  else
    snprintf (text, size,
              "; this process called %s %s on a communicator of %d"
              " process%s, not on this one of %d", name, where, c->size,
              c->size == 1 ? "" : "es", comm_size);
}
