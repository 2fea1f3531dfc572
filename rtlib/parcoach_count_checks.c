/* The per-process counts of the v-variants, checked in their wrappers.

   MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv and MPI_Alltoallv take one
   count per pair of processes: what process i sends j must have the type
   signature j expects from i (MPI 4.0 sections 6.6-6.8), and MPI_Reduce_
   scatter's recvcounts must be the same array everywhere (6.10.1).  The
   compiler cannot judge this (counts[i] = i + 1 against a count of
   rank + 1 is correct), and MPI implementations do not check it: a
   mismatch truncates, overruns a buffer or hangs.  So the wrappers of
   these collectives (parcoach_pmpi_collectives.c, and under Open MPI the
   Fortran ones of parcoach_pmpi_fortran.c) compare the blocks by one more
   small collective on the same communicator before the call
   (parcoach_compare_peers, parcoach_compare_counts), and a process that
   finds a block differing from what its partner expects stops the job:

     PARCOACH: rank 0 of communicator of size 2 (rank 0 of
       MPI_COMM_WORLD) stops in MPI_Gatherv at app.c:42: processes call it
       with blocks that do not match: rank 1 sends 1 x 4-byte integer (4
       bytes), but the root's recvcounts[1] and recvtype expect 2 x 4-byte
       integer (8 bytes)

   (The plugin announces the file and line of each such call,
   parcoach_request_site; for code built without it, the message names
   the caller's address instead, "called from app+0x1234", for
   addr2line.)

   The extra collective pairs with itself on every process because every
   process of a communicator calls its collectives in the same order and
   each such call goes through its wrapper, whatever the code that makes
   it; the decision to check is taken from what every process sees alike
   (the collective, the communicator, how many v-variant calls the
   communicator has had).  Only the blocking forms: before a nonblocking
   one, a synchronising exchange could deadlock a correct program that
   starts it and then waits for a message its partner sends before
   starting its own.  Inter-communicators are not checked.

   Cost: by default the calls are sampled per communicator, the first 8
   and then each power of two (the 16th, 32nd...), so that a loop of
   thousands of MPI_Alltoallv pays a few dozen checks; a mismatch that
   shows only on an unsampled call goes unnoticed.
   PARCOACH_COUNT_CHECKS=all checks every call, =off none.  */
#include "parcoach_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The number of checked-kind calls each communicator has had, kept as an
   attribute: it goes with the communicator (a duplicate starts again at
   zero on every process, a freed one takes its count with it), where a
   table keyed by handle would mix a freed communicator with a new one
   given the same handle on some processes only.  */
static int parcoach_calls_keyval = MPI_KEYVAL_INVALID;
static pthread_once_t parcoach_calls_once = PTHREAD_ONCE_INIT;

static int
parcoach_free_calls (MPI_Comm comm, int keyval, void *value, void *extra)
{
  (void) comm;
  (void) keyval;
  (void) extra;
  free (value);
  return MPI_SUCCESS;
}

static void
parcoach_make_calls_keyval (void)
{
  if (PMPI_Comm_create_keyval (MPI_COMM_NULL_COPY_FN, parcoach_free_calls,
                               &parcoach_calls_keyval, NULL)
      != MPI_SUCCESS)
    parcoach_calls_keyval = MPI_KEYVAL_INVALID;
}

/* Whether this call on COMM is one the sampling checks.  */
static int
parcoach_sampled (MPI_Comm comm)
{
  unsigned long *calls = NULL, n;
  int found = 0;

  pthread_once (&parcoach_calls_once, parcoach_make_calls_keyval);
  if (parcoach_calls_keyval == MPI_KEYVAL_INVALID
      || PMPI_Comm_get_attr (comm, parcoach_calls_keyval, &calls, &found)
           != MPI_SUCCESS)
    return 1;
  if (!found)
    {
      calls = calloc (1, sizeof *calls);
      if (calls == NULL
          || PMPI_Comm_set_attr (comm, parcoach_calls_keyval, calls)
               != MPI_SUCCESS)
        {
          free (calls);
          return 1;
        }
    }
  n = __atomic_add_fetch (calls, 1, __ATOMIC_RELAXED);
  return n <= 8 || (n & (n - 1)) == 0;
}

void
parcoach_check_counts (int colour, MPI_Comm comm,
                       const struct parcoach_args *args, void *caller)
{
  char why[512], where[256];
  const char *what, *file;
  int inter = 1, rank = -1, size = 0, world = -1, line;

  /* The call's file and line when the plugin announced them (code built
     with it); taken whatever happens next, so that no later call finds
     it.  */
  parcoach_take_site (&file, &line);
  parcoach_options ();
  if (parcoach_count_checks == PARCOACH_COUNTS_OFF || comm == MPI_COMM_NULL
      || !parcoach_mpi_usable ()
      || PMPI_Comm_test_inter (comm, &inter) != MPI_SUCCESS || inter
      || (parcoach_count_checks == PARCOACH_COUNTS_SAMPLED
          && !parcoach_sampled (comm)))
    return;
  if (parcoach_compare_peers (args, colour, comm, why, sizeof why))
    what = "blocks that do not match";
  else if (parcoach_compare_counts (args, colour, comm, why, sizeof why))
    what = "different recvcounts arrays (MPI requires the same on every"
           " process)";
  else
    return;
  PMPI_Comm_rank (comm, &rank);
  PMPI_Comm_size (comm, &size);
  PMPI_Comm_rank (MPI_COMM_WORLD, &world);
  if (file != NULL)
    snprintf (where, sizeof where, "at %s:%d", file, line);
  else
    snprintf (where, sizeof where, "called from %s",
              parcoach_describe_library_caller (caller));
  fprintf (stderr,
           "PARCOACH: rank %d of communicator of size %d (rank %d of"
           " MPI_COMM_WORLD) stops in %s %s: processes call it with %s:"
           " %s\n",
           rank, size, world, parcoach_colour_name (colour), where, what,
           why);
  parcoach_let_output_drain ();
  parcoach_stop_program ();
}
