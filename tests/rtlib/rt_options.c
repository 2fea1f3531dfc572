/* The run-time options of the PARCOACH runtime: PARCOACH_TIMEOUT (the
   watchdog) and PARCOACH_STATS (per-site statistics).  Calls the checks
   directly, as instrumented code would.  Usage: rt_options MODE; run.sh
   sets the environment and knows what each mode must print.  */

#define _POSIX_C_SOURCE 200809L
#include "parcoach_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { C_EXIT = PARCOACH_COLOUR_EXIT, C_BARRIER = 1, C_BCAST = 2,
       C_ALLREDUCE = 13 };

static int world_rank, world_size;

static void
die (const char *msg)
{
  fprintf (stderr, "rt_options: %s\n", msg);
  fflush (stderr);
  MPI_Abort (MPI_COMM_WORLD, 3);
}

/* What uninstrumented code would do after a mismatch: wait for a message
   nobody sends.  */
static void
hang (void)
{
  int x;
  MPI_Recv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD,
            MPI_STATUS_IGNORE);
  die ("hang: got a message");
}

/* Rank 0 checks on MPI_COMM_WORLD, rank 1 on a duplicate of it: each
   waits in its check for partners that never come (no check can see a
   mismatch, the checks are on different communicators).  Without the
   watchdog this hangs.  */
static void
mode_two_comms (void)
{
  /* The processes of MPI_COMM_WORLD in reverse order: another
     communicator that is not a copy of MPI_COMM_WORLD (a duplicate's
     check would run on MPI_COMM_WORLD and meet rank 0's at once).  */
  MPI_Comm reversed;
  MPI_Comm_split (MPI_COMM_WORLD, 0, -world_rank, &reversed);
  if (world_rank == 0)
    parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                         "wd.c", 10, "f", "8");
  else
    parcoach_check_comm (reversed, C_BCAST, PARCOACH_CHECK_ALWAYS, "wd.c", 20,
                         "g", "18");
  die ("two_comms: a check returned");
}

/* Rank 0 checks on a sub-communicator {0, 1}; rank 1 is in code compiled
   without PARCOACH (a blocking receive that never completes); rank 2 is
   elsewhere too.  Only rank 0 can notice.  */
static void
mode_uninstrumented (void)
{
  MPI_Comm sub;
  MPI_Comm_split (MPI_COMM_WORLD, world_rank < 2 ? 0 : MPI_UNDEFINED, 0,
                  &sub);
  if (world_rank == 0)
    {
      parcoach_check_comm (sub, C_ALLREDUCE, PARCOACH_CHECK_ALWAYS, "u.c",
                           30, "solve", "");
      die ("uninstrumented: the check returned");
    }
  hang ();
}

/* Checks that agree, one process late by about 1 s: with
   PARCOACH_TIMEOUT larger than that, nothing happens.  */
static void
mode_late (void)
{
  int i;
  if (world_rank == world_size - 1)
    {
      struct timespec t = { 1, 0 };
      nanosleep (&t, NULL);
    }
  for (i = 0; i < 1000; i++)
    parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                         "l.c", 5, "late", "");
  MPI_Barrier (MPI_COMM_WORLD);
}

/* The hang detector (parcoach_nohang.c).  Rank 0 waits in a receive
   bracketed as the plugin brackets it, the others in a check on
   MPI_COMM_WORLD: every process waits, nothing can complete.  */
static void
mode_hang_recv (void)
{
  if (world_rank == 0)
    {
      int x;
      parcoach_blocking_enter ("MPI_Recv", "h.c", 7, "wait_forever");
      MPI_Recv (&x, 1, MPI_INT, 1, 4242, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      parcoach_blocking_leave ();
      die ("hang_recv: got a message");
    }
  parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                       "h.c", 9, "g", "6");
  die ("hang_recv: the check returned");
}

/* Rank 0 computes for 3 s, then sends; rank 1 waits in a bracketed
   receive meanwhile, the others in the check before a barrier: every
   process but rank 0 waits longer than a 1 s detector, but rank 0 runs,
   so this is no hang.  */
static void
mode_slow_sender (void)
{
  int x = 42;
  if (world_rank == 0)
    {
      struct timespec t = { 3, 0 };
      nanosleep (&t, NULL);
      parcoach_blocking_enter ("MPI_Send", "s.c", 3, "send");
      MPI_Send (&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
      parcoach_blocking_leave ();
    }
  else if (world_rank == 1)
    {
      parcoach_blocking_enter ("MPI_Recv", "s.c", 5, "receive");
      MPI_Recv (&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      parcoach_blocking_leave ();
    }
  parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                       "s.c", 9, "g", "");
  MPI_Barrier (MPI_COMM_WORLD);
}

/* Known numbers of checks per site, for PARCOACH_STATS (2 processes):
     st.c:10 f MPI_Barrier           10 on each rank (world)
     st.c:20 g leaving the function   3 on each rank (world), one of them
                                      through another pointer to "st.c"
     st.c:30 h MPI_Bcast              5 on rank 0 only (MPI_COMM_SELF)
     st.c:40 k MPI_Allreduce          dormant, never armed: not counted
     self "quoted".c:50 s MPI_Barrier 7 on rank 1 only (MPI_COMM_SELF;
                                      the quotes must be escaped in JSON)
   and an MPI_Barrier of the application after each check at st.c:10.  */
static void
mode_stats (void)
{
  static const char other_copy[] = "st.c";
  int i;

  for (i = 0; i < 10; i++)
    {
      parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                           "st.c", 10, "f", "9");
      MPI_Barrier (MPI_COMM_WORLD);
    }
  for (i = 0; i < 3; i++)
    parcoach_check_world (C_EXIT, PARCOACH_CHECK_ALWAYS,
                          i == 1 ? other_copy : "st.c", 20, "g", NULL);
  if (world_rank == 0)
    for (i = 0; i < 5; i++)
      parcoach_check_comm (MPI_COMM_SELF, C_BCAST, PARCOACH_CHECK_ALWAYS,
                           "st.c", 30, "h", "");
  for (i = 0; i < 4; i++)
    parcoach_check_comm (MPI_COMM_WORLD, C_ALLREDUCE,
                         PARCOACH_CHECK_IF_ARMED, "st.c", 40, "k", "");
  if (world_rank == 1)
    for (i = 0; i < 7; i++)
      parcoach_check_comm (MPI_COMM_SELF, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                           "self \"quoted\".c", 50, "s", "");
}

/* Rank 0 runs checks, rank 1 none: the statistics cannot be gathered
   (rank 1 does not take part); MPI_Finalize must still return.  */
static void
mode_stats_partial (void)
{
  if (world_rank == 0)
    parcoach_check_comm (MPI_COMM_SELF, C_BARRIER, PARCOACH_CHECK_ALWAYS,
                         "p.c", 1, "p", "");
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size (MPI_COMM_WORLD, &world_size);
  if (strcmp (mode, "two_comms") == 0)
    mode_two_comms ();
  else if (strcmp (mode, "uninstrumented") == 0)
    mode_uninstrumented ();
  else if (strcmp (mode, "late") == 0)
    mode_late ();
  else if (strcmp (mode, "hang_recv") == 0)
    mode_hang_recv ();
  else if (strcmp (mode, "slow_sender") == 0)
    mode_slow_sender ();
  else if (strcmp (mode, "stats") == 0)
    mode_stats ();
  else if (strcmp (mode, "stats_partial") == 0)
    mode_stats_partial ();
  else
    die ("unknown mode");
  MPI_Finalize ();
  return 0;
}
