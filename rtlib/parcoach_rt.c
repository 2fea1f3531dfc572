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

   The only mutable state is the depth of flagged functions the calling
   thread is in (thread-local), so the checks may be called from several
   threads at once (on different communicators, as MPI requires for any
   collective).

   Nothing here depends on the representation of the MPI handles (MPICH
   uses integers, Open MPI pointers): handles are only compared with the
   predefined null handles and passed to MPI.  */

/* nanosleep (POSIX), while the Makefile compiles with -std=c99.  */
#if !defined _POSIX_C_SOURCE && (defined __unix__ || defined __APPLE__)
#define _POSIX_C_SOURCE 200809L
#endif

#include "parcoach_rt.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
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
  PMPI_Abort (comm, PARCOACH_ABORT_CODE);
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
  /* If the communicator's error handler returns errors, a failed check
     checks nothing: let the collective it guards report the problem.  */
  if (PMPI_Allreduce (in, out, 2, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
    return;
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
