/* Test program for the PARCOACH runtime: calls the checks directly, as
   instrumented code would.  Usage: rt_cases MODE [ARG]; run.sh knows what
   each mode must print and how it must end.  A mode that must abort
   follows its checks with what the uninstrumented program would do -- a
   wait that never ends -- so that only the check can end the run.  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colours, as in plugin/core/mpi_collectives.def.  */
enum
{
  C_EXIT = PARCOACH_COLOUR_EXIT,
  C_BARRIER = 1,
  C_BCAST = 2,
  C_REDUCE = 12,
  C_ALLREDUCE = 13
};

static int world_rank, world_size;

static void
die (const char *msg)
{
  fprintf (stderr, "rt_cases: %s\n", msg);
  fflush (stderr);
  MPI_Abort (MPI_COMM_WORLD, 3);
}

/* Colour of a collective by name, looked up in the runtime's table.  */
static int
colour_of (const char *name)
{
  int c;
  for (c = 1; c < 1000; c++)
    if (strcmp (parcoach_colour_name (c), name) == 0)
      return c;
  die ("colour_of: unknown name");
  return -1;
}

/* What the uninstrumented program would do after a mismatch: wait for a
   message nobody sends.  */
static void
hang (void)
{
  int x;
  MPI_Recv (&x, 1, MPI_INT, MPI_ANY_SOURCE, 4242, MPI_COMM_WORLD,
            MPI_STATUS_IGNORE);
  die ("hang: got a message");
}

static void
require_size (int n)
{
  if (world_size != n)
    die ("wrong number of processes");
}

/* (1) every rank about to do the same thing: silent, the run goes on.  */
static void
mode_same (void)
{
  MPI_Comm dup;
  MPI_Fint f = MPI_Comm_c2f (MPI_COMM_WORLD);

  parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS, "t.c", 12, "f", "9");
  MPI_Barrier (MPI_COMM_WORLD);
  parcoach_check_world (C_ALLREDUCE, PARCOACH_CHECK_ALWAYS, "t.c", 13, "f", "");
  parcoach_check_comm (MPI_COMM_WORLD, C_EXIT, PARCOACH_CHECK_ALWAYS, "t.c", 14, "f", NULL);
  MPI_Comm_dup (MPI_COMM_WORLD, &dup);
  parcoach_check_comm_ptr (&dup, colour_of ("MPI_Comm_free"), PARCOACH_CHECK_ALWAYS, "t.c", 15,
                           "f", "9, 14");
  MPI_Comm_free (&dup);
  parcoach_check_fortran_comm (&f, C_BCAST, PARCOACH_CHECK_ALWAYS, "t.c", 16, "f", "9");
  parcoach_check_world (colour_of ("MPI_Finalize"), PARCOACH_CHECK_ALWAYS, "t.c", 17, "main", "");
}

/* (2), (8) rank 0 is about to call MPI_Barrier, the others to leave the
   function: without the check rank 0 waits in the barrier forever.  */
static void
mode_barrier_vs_exit (void)
{
  if (world_rank == 0)
    {
      parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS, "t.c", 12, "f", "9");
      MPI_Barrier (MPI_COMM_WORLD);
    }
  else
    parcoach_check_comm (MPI_COMM_WORLD, C_EXIT, PARCOACH_CHECK_ALWAYS, "t.c", 20, "f", "9");
  hang ();
}

/* (3) before MPI_Init and after MPI_Finalize a check does nothing, even if
   the ranks disagree.  Called from main around MPI_Init/MPI_Finalize.  */
static void
checks_outside_mpi (int colour)
{
  MPI_Fint fnull = 0;

  parcoach_check_comm (MPI_COMM_WORLD, colour, PARCOACH_CHECK_ALWAYS, "t.c", 1, "main", "2");
  parcoach_check_comm_ptr (NULL, colour, PARCOACH_CHECK_ALWAYS, "t.c", 1, "main", "2");
  parcoach_check_world (colour, PARCOACH_CHECK_ALWAYS, "t.c", 2, "main", "2");
  parcoach_check_win (MPI_WIN_NULL, colour, PARCOACH_CHECK_ALWAYS, "t.c", 3, "main", "2");
  parcoach_check_file (MPI_FILE_NULL, colour, PARCOACH_CHECK_ALWAYS, "t.c", 4, "main", "2");
  parcoach_check_fortran_comm (&fnull, colour, PARCOACH_CHECK_ALWAYS, "t.c", 5, "main", "2");
  parcoach_check_fortran_win (&fnull, colour, PARCOACH_CHECK_ALWAYS, "t.c", 6, "main", "2");
  parcoach_check_fortran_file (&fnull, colour, PARCOACH_CHECK_ALWAYS, "t.c", 7, "main", "2");
}

/* (4) checks on sub-communicators: only their members call them.  */
static void
mode_subcomm (void)
{
  MPI_Comm sub, parity;
  int x = world_rank, y = -1;

  require_size (4);
  MPI_Comm_split (MPI_COMM_WORLD, world_rank < 2 ? 0 : MPI_UNDEFINED, 0,
                  &sub);
  if (world_rank < 2)
    {
      parcoach_check_comm (sub, C_BCAST, PARCOACH_CHECK_ALWAYS, "s.c", 10, "g", "8");
      MPI_Bcast (&x, 1, MPI_INT, 0, sub);
      parcoach_check_comm (sub, C_EXIT, PARCOACH_CHECK_ALWAYS, "s.c", 11, "g", NULL);
      MPI_Comm_free (&sub);
    }
  else
    {
      /* Not members: something else, between themselves, while the members
         check.  Checks on their MPI_COMM_NULL are skipped.  */
      int peer = world_rank == 2 ? 3 : 2;
      parcoach_check_comm (sub, world_rank, PARCOACH_CHECK_ALWAYS, "s.c", 20, "g", "8");
      MPI_Sendrecv (&x, 1, MPI_INT, peer, 0, &y, 1, MPI_INT, peer, 0,
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (y != peer)
        die ("subcomm: bad sendrecv");
    }

  /* Each sub-communicator agrees within itself, though they differ from
     each other: no error.  */
  MPI_Comm_split (MPI_COMM_WORLD, world_rank % 2, world_rank, &parity);
  if (world_rank % 2 == 0)
    {
      parcoach_check_comm (parity, C_ALLREDUCE, PARCOACH_CHECK_ALWAYS, "s.c", 30, "g", "29");
      MPI_Allreduce (&x, &y, 1, MPI_INT, MPI_SUM, parity);
    }
  else
    {
      parcoach_check_comm (parity, C_BARRIER, PARCOACH_CHECK_ALWAYS, "s.c", 31, "g", "29");
      MPI_Barrier (parity);
    }
  MPI_Comm_free (&parity);
  parcoach_check_world (C_BARRIER, PARCOACH_CHECK_ALWAYS, "s.c", 40, "g", "");
  MPI_Barrier (MPI_COMM_WORLD);
}

/* Mismatch inside a sub-communicator of size 2 (world ranks 0 and 2); the
   other one (1 and 3) agrees and then waits.  */
static void
mode_subcomm_mismatch (void)
{
  MPI_Comm parity;

  require_size (4);
  MPI_Comm_split (MPI_COMM_WORLD, world_rank % 2, world_rank, &parity);
  if (world_rank == 0)
    parcoach_check_comm (parity, C_BARRIER, PARCOACH_CHECK_ALWAYS, "s.c", 50, "h", "47, 48");
  else if (world_rank == 2)
    parcoach_check_comm (parity, C_EXIT, PARCOACH_CHECK_ALWAYS, "s.c", 55, "h", "47, 48");
  else
    parcoach_check_comm (parity, C_BARRIER, PARCOACH_CHECK_ALWAYS, "s.c", 50, "h", "47, 48");
  hang ();
}

/* (5) null handles, by value, by address, and null addresses: skipped,
   whatever the colours.  */
static void
mode_null (void)
{
  MPI_Comm cnull = MPI_COMM_NULL;
  MPI_Win wnull = MPI_WIN_NULL;
  MPI_File fnull = MPI_FILE_NULL;
  MPI_Fint fc = MPI_Comm_c2f (MPI_COMM_NULL);
  MPI_Fint fw = MPI_Win_c2f (MPI_WIN_NULL);
  MPI_Fint ff = MPI_File_c2f (MPI_FILE_NULL);
  int c = world_rank;

  parcoach_check_comm (MPI_COMM_NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 1, "f", "1");
  parcoach_check_comm_ptr (&cnull, c, PARCOACH_CHECK_ALWAYS, "n.c", 2, "f", "1");
  parcoach_check_comm_ptr (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 3, "f", "1");
  parcoach_check_win (MPI_WIN_NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 4, "f", "1");
  parcoach_check_win_ptr (&wnull, c, PARCOACH_CHECK_ALWAYS, "n.c", 5, "f", "1");
  parcoach_check_win_ptr (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 6, "f", "1");
  parcoach_check_file (MPI_FILE_NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 7, "f", "1");
  parcoach_check_file_ptr (&fnull, c, PARCOACH_CHECK_ALWAYS, "n.c", 8, "f", "1");
  parcoach_check_file_ptr (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 9, "f", "1");
  parcoach_check_fortran_comm (&fc, c, PARCOACH_CHECK_ALWAYS, "n.c", 10, "f", "1");
  parcoach_check_fortran_comm (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 11, "f", "1");
  parcoach_check_fortran_win (&fw, c, PARCOACH_CHECK_ALWAYS, "n.c", 12, "f", "1");
  parcoach_check_fortran_win (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 13, "f", "1");
  parcoach_check_fortran_file (&ff, c, PARCOACH_CHECK_ALWAYS, "n.c", 14, "f", "1");
  parcoach_check_fortran_file (NULL, c, PARCOACH_CHECK_ALWAYS, "n.c", 15, "f", "1");
  MPI_Barrier (MPI_COMM_WORLD);
}

/* (6) Fortran handle of a communicator, as from `use mpi'.  */
static void
mode_fortran (void)
{
  MPI_Fint f = MPI_Comm_c2f (MPI_COMM_WORLD);
  MPI_Comm dup;
  MPI_Fint fd;

  require_size (2);
  parcoach_check_fortran_comm (&f, C_BARRIER, PARCOACH_CHECK_ALWAYS, "t.f90", 7, "sub", "5");
  MPI_Comm_dup (MPI_COMM_WORLD, &dup);
  fd = MPI_Comm_c2f (dup);
  parcoach_check_fortran_comm (&fd, C_BCAST, PARCOACH_CHECK_ALWAYS, "t.f90", 8, "sub", "5");
  if (world_rank == 0)
    parcoach_check_fortran_comm (&fd, C_ALLREDUCE, PARCOACH_CHECK_ALWAYS, "t.f90", 9, "sub", "5");
  else
    parcoach_check_fortran_comm (&fd, C_REDUCE, PARCOACH_CHECK_ALWAYS, "t.f90", 11, "sub", "5");
  hang ();
}

/* (7) MPI_COMM_WORLD check, no conditionals (NULL and ""), 3 ranks.  */
static void
mode_world_mismatch (void)
{
  require_size (3);
  if (world_rank == 0)
    parcoach_check_world (C_ALLREDUCE, PARCOACH_CHECK_ALWAYS, "w.c", 30, "main", NULL);
  else
    parcoach_check_world (colour_of ("MPI_Finalize"), PARCOACH_CHECK_ALWAYS, "w.c", 40, "main", "");
  hang ();
}

/* Three different things at once: everyone names the smallest colour,
   except its owner, who names the largest.  */
static void
mode_three (void)
{
  require_size (3);
  if (world_rank == 0)
    parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_ALWAYS, "3.c", 5, "k", "2, 3");
  else if (world_rank == 1)
    parcoach_check_comm (MPI_COMM_WORLD, C_BCAST, PARCOACH_CHECK_ALWAYS, "3.c", 7, "k", "2, 3");
  else
    parcoach_check_comm (MPI_COMM_WORLD, C_EXIT, PARCOACH_CHECK_ALWAYS, "3.c", 9, "k", "2, 3");
  hang ();
}

/* A colour this runtime does not know (an object instrumented by a newer
   plugin).  */
static void
mode_unknown (void)
{
  require_size (2);
  parcoach_check_world (world_rank == 0 ? 9999 : C_BARRIER, PARCOACH_CHECK_ALWAYS, "u.c", 3, "u",
                        "1");
  hang ();
}

/* (9) many checks, the same colour on every rank.  */
static void
mode_loop (void)
{
  MPI_Comm dup;
  long i;
  int ncolours = colour_of ("MPI_Finalize");

  MPI_Comm_dup (MPI_COMM_WORLD, &dup);
  for (i = 0; i < 100000; i++)
    parcoach_check_comm (i % 2 ? dup : MPI_COMM_WORLD,
                         (int) (i % (ncolours + 1)), PARCOACH_CHECK_ALWAYS, "l.c", 3, "loop", "2");
  MPI_Comm_free (&dup);
}

/* Inter-communicator: skipped, whatever the colours.  */
static void
mode_inter (void)
{
  MPI_Comm half, inter;
  int low = world_rank < world_size / 2;

  if (world_size < 2)
    die ("inter: need 2 processes");
  MPI_Comm_split (MPI_COMM_WORLD, low, world_rank, &half);
  MPI_Intercomm_create (half, 0, MPI_COMM_WORLD, low ? world_size / 2 : 0,
                        77, &inter);
  parcoach_check_comm (inter, world_rank, PARCOACH_CHECK_ALWAYS, "i.c", 1, "f", "1");
  parcoach_check_comm_ptr (&inter, world_rank + 1, PARCOACH_CHECK_ALWAYS, "i.c", 2, "f", "1");
  MPI_Comm_free (&inter);
  MPI_Comm_free (&half);
  MPI_Barrier (MPI_COMM_WORLD);
}

/* Windows: checked on MPI_COMM_WORLD when the window's group is the
   world's (same order or not), skipped otherwise.  */
static void
mode_win (void)
{
  int buf[4] = { 0, 0, 0, 0 };
  MPI_Win win, subwin, simwin;
  MPI_Comm half, reversed;
  MPI_Fint fw;
  int fence = colour_of ("MPI_Win_fence"), wfree = colour_of ("MPI_Win_free");

  MPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL,
                  MPI_COMM_WORLD, &win);
  parcoach_check_win (win, fence, PARCOACH_CHECK_ALWAYS, "win.c", 1, "f", "1");
  MPI_Win_fence (0, win);
  fw = MPI_Win_c2f (win);
  parcoach_check_fortran_win (&fw, fence, PARCOACH_CHECK_ALWAYS, "win.c", 2, "f", "1");
  MPI_Win_fence (0, win);
  parcoach_check_win_ptr (&win, wfree, PARCOACH_CHECK_ALWAYS, "win.c", 3, "f", "1");
  MPI_Win_free (&win);

  /* Same processes as the world, in reverse order: MPI_SIMILAR.  */
  MPI_Comm_split (MPI_COMM_WORLD, 0, world_size - world_rank, &reversed);
  MPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL, reversed,
                  &simwin);
  parcoach_check_win (simwin, fence, PARCOACH_CHECK_ALWAYS, "win.c", 4, "f", "1");
  MPI_Win_fence (0, simwin);
  MPI_Win_free (&simwin);
  MPI_Comm_free (&reversed);

  /* Half of the world: not checked, even though the colours differ.  */
  if (world_size >= 2)
    {
      MPI_Comm_split (MPI_COMM_WORLD, world_rank % 2, world_rank, &half);
      MPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL, half,
                      &subwin);
      parcoach_check_win (subwin, world_rank, PARCOACH_CHECK_ALWAYS, "win.c", 5, "f", "1");
      parcoach_check_win_ptr (&subwin, world_rank + 1, PARCOACH_CHECK_ALWAYS, "win.c", 6, "f", "1");
      MPI_Win_free (&subwin);
      MPI_Comm_free (&half);
    }
  MPI_Barrier (MPI_COMM_WORLD);
}

static void
mode_win_mismatch (void)
{
  int buf[4] = { 0, 0, 0, 0 };
  MPI_Win win;

  require_size (2);
  MPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL,
                  MPI_COMM_WORLD, &win);
  if (world_rank == 0)
    parcoach_check_win (win, colour_of ("MPI_Win_fence"), PARCOACH_CHECK_ALWAYS, "win.c", 10,
                        "w", "8");
  else
    parcoach_check_win_ptr (&win, colour_of ("MPI_Win_free"), PARCOACH_CHECK_ALWAYS, "win.c", 12,
                            "w", "8");
  hang ();
}

/* A window whose group has the world's processes in another order
   (MPI_SIMILAR) is checked on MPI_COMM_WORLD, so ranks in the messages
   are world ranks.  */
static void
mode_win_similar_mismatch (void)
{
  int buf[4] = { 0, 0, 0, 0 };
  MPI_Comm reversed;
  MPI_Win win;

  require_size (2);
  MPI_Comm_split (MPI_COMM_WORLD, 0, world_size - world_rank, &reversed);
  MPI_Win_create (buf, sizeof buf, sizeof buf[0], MPI_INFO_NULL, reversed,
                  &win);
  if (world_rank == 0)
    parcoach_check_win (win, colour_of ("MPI_Win_fence"), PARCOACH_CHECK_ALWAYS, "win.c", 30,
                        "v", "28");
  else
    parcoach_check_win (win, C_EXIT, PARCOACH_CHECK_ALWAYS, "win.c", 33, "v", "28");
  hang ();
}

/* Files: as windows.  ARG is a directory to create files in.  */
static void
mode_file (const char *dir)
{
  char path[4096];
  MPI_File fh, self;
  MPI_Fint ff;
  int sync = colour_of ("MPI_File_sync"), fclose_c = colour_of ("MPI_File_close");

  snprintf (path, sizeof path, "%s/rt_file.dat", dir);
  MPI_File_open (MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                 MPI_INFO_NULL, &fh);
  parcoach_check_file (fh, sync, PARCOACH_CHECK_ALWAYS, "io.c", 1, "f", "1");
  MPI_File_sync (fh);
  ff = MPI_File_c2f (fh);
  parcoach_check_fortran_file (&ff, sync, PARCOACH_CHECK_ALWAYS, "io.c", 2, "f", "1");
  MPI_File_sync (fh);
  parcoach_check_file_ptr (&fh, fclose_c, PARCOACH_CHECK_ALWAYS, "io.c", 3, "f", "1");
  MPI_File_close (&fh);

  /* One process per file: not checked, even though the colours differ.  */
  snprintf (path, sizeof path, "%s/rt_self_%d.dat", dir, world_rank);
  MPI_File_open (MPI_COMM_SELF, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                 MPI_INFO_NULL, &self);
  if (world_size > 1)
    parcoach_check_file (self, world_rank, PARCOACH_CHECK_ALWAYS, "io.c", 4, "f", "1");
  MPI_File_close (&self);
  MPI_Barrier (MPI_COMM_WORLD);
}

static void
mode_file_mismatch (const char *dir)
{
  char path[4096];
  MPI_File fh;

  require_size (2);
  snprintf (path, sizeof path, "%s/rt_file_mm.dat", dir);
  MPI_File_open (MPI_COMM_WORLD, path, MPI_MODE_CREATE | MPI_MODE_RDWR,
                 MPI_INFO_NULL, &fh);
  if (world_rank == 0)
    parcoach_check_file (fh, colour_of ("MPI_File_sync"), PARCOACH_CHECK_ALWAYS, "io.c", 20, "w",
                         "18");
  else
    parcoach_check_file_ptr (&fh, colour_of ("MPI_File_close"), PARCOACH_CHECK_ALWAYS, "io.c", 22,
                             "w", "18");
  hang ();
}

/* parcoach_colour_name, against the table.  */
static void
mode_names (void)
{
  int bad = 0, last = colour_of ("MPI_Finalize");

#define EXPECT(c, s) \
  if (strcmp (parcoach_colour_name (c), s) != 0) \
    { \
      fprintf (stderr, "colour %d: got '%s', want '%s'\n", c, \
               parcoach_colour_name (c), s); \
      bad = 1; \
    }
  EXPECT (0, "leaving the function");
  EXPECT (1, "MPI_Barrier");
  EXPECT (2, "MPI_Bcast");
  EXPECT (12, "MPI_Reduce");
  EXPECT (13, "MPI_Allreduce");
  EXPECT (18, "MPI_Ibarrier");
  EXPECT (last - 1, "MPI_File_write_ordered_end");
  EXPECT (last, "MPI_Finalize");
  EXPECT (last + 1, "an unknown collective");
  EXPECT (-1, "an unknown collective");
  EXPECT (-2147483647 - 1, "an unknown collective");
#undef EXPECT
  if (bad)
    die ("names: wrong names");
}

/* (15) Dormant checks: outside any flagged function they do nothing, even
   on disagreement; inside one (between enter and leave) they check; leave
   restores the depth of the caller.  */
static void
mode_dormant (void)
{
  int outer, inner;

  require_size (2);
  parcoach_check_comm (MPI_COMM_WORLD, world_rank == 0 ? C_BARRIER : C_BCAST,
                       PARCOACH_CHECK_IF_ARMED, "d.c", 5, "proved", "");
  outer = parcoach_enter_checked_region ();
  inner = parcoach_enter_checked_region ();
  parcoach_leave_checked_region (inner);
  parcoach_check_comm (MPI_COMM_WORLD, C_BARRIER, PARCOACH_CHECK_IF_ARMED,
                       "d.c", 6, "proved", "");
  MPI_Barrier (MPI_COMM_WORLD);
  parcoach_leave_checked_region (outer);
  parcoach_check_comm (MPI_COMM_WORLD, world_rank == 0 ? C_BARRIER : C_BCAST,
                       PARCOACH_CHECK_IF_ARMED, "d.c", 7, "proved", "");
  /* An exception skipped the inner leave: the outer one still restores. */
  outer = parcoach_enter_checked_region ();
  (void) parcoach_enter_checked_region ();
  parcoach_leave_checked_region (outer);
  parcoach_check_comm (MPI_COMM_WORLD, world_rank == 0 ? C_BARRIER : C_BCAST,
                       PARCOACH_CHECK_IF_ARMED, "d.c", 8, "proved", "");
  if (strcmp (getenv ("RT_ARMED") ? getenv ("RT_ARMED") : "", "1") == 0)
    {
      (void) parcoach_enter_checked_region ();
      parcoach_check_comm (MPI_COMM_WORLD, world_rank == 0 ? C_BARRIER : C_BCAST,
                           PARCOACH_CHECK_IF_ARMED, "d.c", 9, "proved", "");
      hang ();
    }
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  const char *arg = argc > 2 ? argv[2] : ".";
  const char *env_rank = getenv ("PMI_RANK");
  int before = env_rank != NULL ? atoi (env_rank) : 0;

  if (strcmp (mode, "outside") == 0)
    checks_outside_mpi (before);

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size (MPI_COMM_WORLD, &world_size);

  if (strcmp (mode, "same") == 0)
    mode_same ();
  else if (strcmp (mode, "barrier_vs_exit") == 0)
    mode_barrier_vs_exit ();
  else if (strcmp (mode, "outside") == 0)
    MPI_Barrier (MPI_COMM_WORLD);
  else if (strcmp (mode, "subcomm") == 0)
    mode_subcomm ();
  else if (strcmp (mode, "subcomm_mismatch") == 0)
    mode_subcomm_mismatch ();
  else if (strcmp (mode, "null") == 0)
    mode_null ();
  else if (strcmp (mode, "fortran") == 0)
    mode_fortran ();
  else if (strcmp (mode, "world_mismatch") == 0)
    mode_world_mismatch ();
  else if (strcmp (mode, "three") == 0)
    mode_three ();
  else if (strcmp (mode, "unknown") == 0)
    mode_unknown ();
  else if (strcmp (mode, "loop") == 0)
    mode_loop ();
  else if (strcmp (mode, "inter") == 0)
    mode_inter ();
  else if (strcmp (mode, "win") == 0)
    mode_win ();
  else if (strcmp (mode, "win_mismatch") == 0)
    mode_win_mismatch ();
  else if (strcmp (mode, "win_similar_mismatch") == 0)
    mode_win_similar_mismatch ();
  else if (strcmp (mode, "file") == 0)
    mode_file (arg);
  else if (strcmp (mode, "file_mismatch") == 0)
    mode_file_mismatch (arg);
  else if (strcmp (mode, "names") == 0)
    mode_names ();
  else if (strcmp (mode, "dormant") == 0)
    mode_dormant ();
  else
    die ("unknown mode");

  MPI_Finalize ();
  if (strcmp (mode, "outside") == 0)
    checks_outside_mpi (world_rank);
  return 0;
}
