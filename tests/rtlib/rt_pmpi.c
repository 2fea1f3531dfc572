/* The runtime must reach MPI only through the PMPI_ entry points, so that a
   profiling tool in the same run does not see the checks.  This program is
   such a tool: it defines the MPI_ names the runtime might use and counts
   the calls.  Its own MPI calls go straight to PMPI_.
   Usage: rt_pmpi clean   -- checks that agree; fails if any MPI_ name of
                             the runtime was called.
          rt_pmpi abort   -- a mismatch: the runtime's barrier and abort
                             must not go through MPI_Barrier / MPI_Abort
                             (they would print "INTERCEPTED").  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <string.h>

static int intercepted;

static void
note (const char *name)
{
  intercepted++;
  fprintf (stderr, "INTERCEPTED %s\n", name);
  fflush (stderr);
}

int MPI_Allreduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
                   MPI_Comm c)
{ note ("MPI_Allreduce"); return PMPI_Allreduce (s, r, n, t, o, c); }
int MPI_Reduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op o,
                int root, MPI_Comm c)
{ note ("MPI_Reduce"); return PMPI_Reduce (s, r, n, t, o, root, c); }
int MPI_Bcast (void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{ note ("MPI_Bcast"); return PMPI_Bcast (b, n, t, root, c); }
int MPI_Barrier (MPI_Comm c)
{ note ("MPI_Barrier"); return PMPI_Barrier (c); }
int MPI_Abort (MPI_Comm c, int code)
{ note ("MPI_Abort"); return PMPI_Abort (c, code); }
int MPI_Comm_rank (MPI_Comm c, int *r)
{ note ("MPI_Comm_rank"); return PMPI_Comm_rank (c, r); }
int MPI_Comm_size (MPI_Comm c, int *s)
{ note ("MPI_Comm_size"); return PMPI_Comm_size (c, s); }
int MPI_Comm_test_inter (MPI_Comm c, int *f)
{ note ("MPI_Comm_test_inter"); return PMPI_Comm_test_inter (c, f); }
int MPI_Initialized (int *f)
{ note ("MPI_Initialized"); return PMPI_Initialized (f); }
int MPI_Finalized (int *f)
{ note ("MPI_Finalized"); return PMPI_Finalized (f); }
int MPI_Comm_group (MPI_Comm c, MPI_Group *g)
{ note ("MPI_Comm_group"); return PMPI_Comm_group (c, g); }
int MPI_Group_compare (MPI_Group a, MPI_Group b, int *r)
{ note ("MPI_Group_compare"); return PMPI_Group_compare (a, b, r); }
int MPI_Group_free (MPI_Group *g)
{ note ("MPI_Group_free"); return PMPI_Group_free (g); }
int MPI_Win_get_group (MPI_Win w, MPI_Group *g)
{ note ("MPI_Win_get_group"); return PMPI_Win_get_group (w, g); }
int MPI_File_get_group (MPI_File f, MPI_Group *g)
{ note ("MPI_File_get_group"); return PMPI_File_get_group (f, g); }

int
main (int argc, char **argv)
{
  int rank, buf[2] = { 0, 0 };
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
      parcoach_check_comm (MPI_COMM_WORLD, 1, PARCOACH_CHECK_ALWAYS, "p.c", 1, "f", "1");
      parcoach_check_world (1, PARCOACH_CHECK_ALWAYS, "p.c", 2, "f", "1");
      parcoach_check_fortran_comm (&fc, 1, PARCOACH_CHECK_ALWAYS, "p.c", 3, "f", "1");
      parcoach_check_win (win, 1, PARCOACH_CHECK_ALWAYS, "p.c", 4, "f", "1");
      if (intercepted != 0)
        {
          fprintf (stderr, "rt_pmpi: %d MPI_ calls intercepted\n",
                   intercepted);
          PMPI_Abort (MPI_COMM_WORLD, 3);
        }
    }
  else if (strcmp (mode, "abort") == 0)
    {
      parcoach_check_win (win, rank == 0 ? 1 : 0, PARCOACH_CHECK_ALWAYS, "p.c", 5, "f", "1");
      fprintf (stderr, "rt_pmpi: the check returned\n");
      PMPI_Abort (MPI_COMM_WORLD, 3);
    }
  PMPI_Win_free (&win);
  PMPI_Finalize ();
  return 0;
}
