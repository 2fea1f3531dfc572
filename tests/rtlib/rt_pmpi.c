/* PMPI coexistence.  The runtime must reach MPI only through the PMPI_
   entry points, so that a profiling tool in the same run sees exactly the
   application's MPI calls and none of the checks'.  This program is such a
   tool -- a small profiling layer defining the MPI_ names the runtime
   might use (those of the checks, the watchdog and the statistics) and
   counting the calls -- linked into a program that calls the checks as
   instrumented code does, right before its own collectives.

   The application announces each MPI_ call it makes (expect ()); the
   layer counts what it sees, and a call the application did not announce
   (the runtime's) prints "INTERCEPTED name" at once, so even a run that
   aborts shows it.  At the end of a clean run the counts must be equal,
   name by name, and not zero (the layer is really in the way).

   Usage: rt_pmpi clean    -- agreeing checks before 4 kinds of the
                              application's collectives, 50 rounds
          rt_pmpi abort    -- a few good rounds, then a mismatch: the stop
                              must come as without the layer
          rt_pmpi watchdog -- (with PARCOACH_TIMEOUT) rank 0 checks while
                              rank 1 waits elsewhere: the watchdog stop
                              must come as without the layer  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <string.h>

enum
{
  L_ALLREDUCE, L_IALLREDUCE, L_REDUCE, L_BCAST, L_BARRIER, L_IBARRIER,
  L_GATHER, L_GATHERV, L_TEST, L_ABORT, L_COMM_RANK, L_COMM_SIZE,
  L_COMM_TEST_INTER, L_INITIALIZED, L_FINALIZED, L_COMM_GROUP,
  L_GROUP_COMPARE, L_GROUP_FREE, L_WIN_GET_GROUP, L_FILE_GET_GROUP,
  L_COMM_CREATE_KEYVAL, L_COMM_SET_ATTR, L_N
};
static const char *const names[L_N] = {
  "MPI_Allreduce", "MPI_Iallreduce", "MPI_Reduce", "MPI_Bcast",
  "MPI_Barrier", "MPI_Ibarrier", "MPI_Gather", "MPI_Gatherv", "MPI_Test",
  "MPI_Abort", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Comm_test_inter",
  "MPI_Initialized", "MPI_Finalized", "MPI_Comm_group", "MPI_Group_compare",
  "MPI_Group_free", "MPI_Win_get_group", "MPI_File_get_group",
  "MPI_Comm_create_keyval", "MPI_Comm_set_attr"
};
static int seen[L_N], expected[L_N];

/* The layer: count, and complain at once about a call nobody announced.  */
static void
note (int i)
{
  seen[i]++;
  if (seen[i] > expected[i])
    {
      fprintf (stderr, "INTERCEPTED %s\n", names[i]);
      fflush (stderr);
      expected[i] = seen[i];
    }
}

int MPI_Allreduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
                   MPI_Comm c)
{ note (L_ALLREDUCE); return PMPI_Allreduce (s, r, n, t, o, c); }
int MPI_Iallreduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
                    MPI_Comm c, MPI_Request *q)
{ note (L_IALLREDUCE); return PMPI_Iallreduce (s, r, n, t, o, c, q); }
int MPI_Reduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
                int root, MPI_Comm c)
{ note (L_REDUCE); return PMPI_Reduce (s, r, n, t, o, root, c); }
int MPI_Bcast (void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{ note (L_BCAST); return PMPI_Bcast (b, n, t, root, c); }
int MPI_Barrier (MPI_Comm c)
{ note (L_BARRIER); return PMPI_Barrier (c); }
int MPI_Ibarrier (MPI_Comm c, MPI_Request *q)
{ note (L_IBARRIER); return PMPI_Ibarrier (c, q); }
int MPI_Gather (const void *s, int sn, MPI_Datatype st, void *r, int rn,
                MPI_Datatype rt, int root, MPI_Comm c)
{ note (L_GATHER); return PMPI_Gather (s, sn, st, r, rn, rt, root, c); }
int MPI_Gatherv (const void *s, int sn, MPI_Datatype st, void *r,
                 const int *rn, const int *d, MPI_Datatype rt, int root,
                 MPI_Comm c)
{ note (L_GATHERV); return PMPI_Gatherv (s, sn, st, r, rn, d, rt, root, c); }
int MPI_Test (MPI_Request *q, int *f, MPI_Status *s)
{ note (L_TEST); return PMPI_Test (q, f, s); }
int MPI_Abort (MPI_Comm c, int code)
{ note (L_ABORT); return PMPI_Abort (c, code); }
int MPI_Comm_rank (MPI_Comm c, int *r)
{ note (L_COMM_RANK); return PMPI_Comm_rank (c, r); }
int MPI_Comm_size (MPI_Comm c, int *s)
{ note (L_COMM_SIZE); return PMPI_Comm_size (c, s); }
int MPI_Comm_test_inter (MPI_Comm c, int *f)
{ note (L_COMM_TEST_INTER); return PMPI_Comm_test_inter (c, f); }
int MPI_Initialized (int *f)
{ note (L_INITIALIZED); return PMPI_Initialized (f); }
int MPI_Finalized (int *f)
{ note (L_FINALIZED); return PMPI_Finalized (f); }
int MPI_Comm_group (MPI_Comm c, MPI_Group *g)
{ note (L_COMM_GROUP); return PMPI_Comm_group (c, g); }
int MPI_Group_compare (MPI_Group a, MPI_Group b, int *r)
{ note (L_GROUP_COMPARE); return PMPI_Group_compare (a, b, r); }
int MPI_Group_free (MPI_Group *g)
{ note (L_GROUP_FREE); return PMPI_Group_free (g); }
int MPI_Win_get_group (MPI_Win w, MPI_Group *g)
{ note (L_WIN_GET_GROUP); return PMPI_Win_get_group (w, g); }
int MPI_File_get_group (MPI_File f, MPI_Group *g)
{ note (L_FILE_GET_GROUP); return PMPI_File_get_group (f, g); }
int MPI_Comm_create_keyval (MPI_Comm_copy_attr_function *cp,
                            MPI_Comm_delete_attr_function *del, int *k,
                            void *x)
{ note (L_COMM_CREATE_KEYVAL); return PMPI_Comm_create_keyval (cp, del, k, x); }
int MPI_Comm_set_attr (MPI_Comm c, int k, void *v)
{ note (L_COMM_SET_ATTR); return PMPI_Comm_set_attr (c, k, v); }

/* The application announces its own MPI_ calls.  */
static void
expect (int i)
{
  expected[i]++;
}

static int rank;

/* One round of the application: each collective preceded by its check,
   as the plugin instruments it (colours of mpi_collectives.def).  */
static void
app_round (MPI_Win win, MPI_Fint fc)
{
  int x = rank, y = 0;

  parcoach_check_comm (MPI_COMM_WORLD, 1, PARCOACH_CHECK_ALWAYS, "p.c", 1, "f", "1");
  expect (L_BARRIER);
  MPI_Barrier (MPI_COMM_WORLD);
  parcoach_check_world (13, PARCOACH_CHECK_ALWAYS, "p.c", 2, "f", "1");
  expect (L_ALLREDUCE);
  MPI_Allreduce (&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  parcoach_check_fortran_comm (&fc, 2, PARCOACH_CHECK_ALWAYS, "p.c", 3, "f", "1");
  expect (L_BCAST);
  MPI_Bcast (&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  parcoach_check_comm (MPI_COMM_WORLD, 12, PARCOACH_CHECK_ALWAYS, "p.c", 4, "f", "1");
  expect (L_REDUCE);
  MPI_Reduce (&x, &y, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  /* A window whose group is the world's: checked on MPI_COMM_WORLD,
     through the group calls.  */
  parcoach_check_win (win, 1, PARCOACH_CHECK_ALWAYS, "p.c", 5, "f", "1");
  parcoach_check_comm (MPI_COMM_WORLD, 0, PARCOACH_CHECK_ALWAYS, "p.c", 6, "f", "1");
}

int
main (int argc, char **argv)
{
  int buf[2] = { 0, 0 }, i, bad = 0, total = 0;
  MPI_Win win;
  MPI_Fint fc;
  const char *mode = argc > 1 ? argv[1] : "";

  PMPI_Init (&argc, &argv);
  PMPI_Comm_rank (MPI_COMM_WORLD, &rank);
  PMPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL,
                   MPI_COMM_WORLD, &win);
  fc = MPI_Comm_c2f (MPI_COMM_WORLD);
  if (strcmp (mode, "clean") == 0)
    {
      for (i = 0; i < 50; i++)
        app_round (win, fc);
      for (i = 0; i < L_N; i++)
        {
          total += seen[i];
          if (seen[i] != expected[i])
            {
              fprintf (stderr, "rt_pmpi: %s: the layer saw %d calls, the"
                       " application made %d\n", names[i], seen[i],
                       expected[i]);
              bad = 1;
            }
        }
      if (total != 4 * 50)
        {
          fprintf (stderr, "rt_pmpi: the layer saw %d calls, want 200\n",
                   total);
          bad = 1;
        }
      if (bad)
        PMPI_Abort (MPI_COMM_WORLD, 3);
    }
  else if (strcmp (mode, "abort") == 0)
    {
      for (i = 0; i < 3; i++)
        app_round (win, fc);
      parcoach_check_win (win, rank == 0 ? 1 : 0, PARCOACH_CHECK_ALWAYS, "p.c", 5, "f", "1");
      fprintf (stderr, "rt_pmpi: the check returned\n");
      PMPI_Abort (MPI_COMM_WORLD, 3);
    }
  else if (strcmp (mode, "watchdog") == 0)
    {
      app_round (win, fc);
      if (rank == 0)
        parcoach_check_comm (MPI_COMM_WORLD, 1, PARCOACH_CHECK_ALWAYS, "p.c", 7, "g", "");
      else
        {
          /* Code compiled without PARCOACH, waiting for a message that
             never comes.  */
          int x;
          PMPI_Recv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
      fprintf (stderr, "rt_pmpi: the check returned\n");
      PMPI_Abort (MPI_COMM_WORLD, 3);
    }
  PMPI_Win_free (&win);
  PMPI_Finalize ();
  return 0;
}
