/* The v-variants' counts compared by the runtime's wrappers
   (rtlib/parcoach_count_checks.c), called as code built without the plugin
   calls them (no site announced).

     rt_counts wrong N   MPI_Allgatherv 20 times on MPI_COMM_WORLD; on
                         call N (1-based) rank 1 sends one MPI_FLOAT where
                         every process expects one MPI_INT (same size:
                         MPICH completes it without a word)
     rt_counts dup N     20 correct calls on MPI_COMM_WORLD, then the same
                         on a duplicate, whose call N is wrong
     rt_counts site      as `wrong 1', after parcoach_request_site
                         ("v.c", 7), as the plugin inserts before the call  */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parcoach_rt.h"

static void calls (MPI_Comm comm, int wrong, int announce)
{
  int rank, nprocs, i;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &nprocs);
  int *counts = malloc (nprocs * sizeof *counts);
  int *displs = malloc (nprocs * sizeof *displs);
  int *all = malloc (nprocs * sizeof *all);
  for (i = 0; i < nprocs; i++)
    {
      counts[i] = 1;
      displs[i] = i;
    }
  for (i = 1; i <= 20; i++)
    {
      int value = rank;
      MPI_Datatype type = i == wrong && rank == 1 ? MPI_FLOAT : MPI_INT;
      if (announce)
        parcoach_request_site ("v.c", 7);
      MPI_Allgatherv (&value, 1, type, all, counts, displs, MPI_INT, comm);
    }
  free (counts);
  free (displs);
  free (all);
}

int main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  if (argc == 3 && strcmp (argv[1], "wrong") == 0)
    calls (MPI_COMM_WORLD, atoi (argv[2]), 0);
  else if (argc == 3 && strcmp (argv[1], "dup") == 0)
    {
      MPI_Comm copy;
      calls (MPI_COMM_WORLD, 0, 0);
      MPI_Comm_dup (MPI_COMM_WORLD, &copy);
      calls (copy, atoi (argv[2]), 0);
      MPI_Comm_free (&copy);
    }
  else if (argc == 2 && strcmp (argv[1], "site") == 0)
    calls (MPI_COMM_WORLD, 1, 1);
  else
    {
      fprintf (stderr, "usage: rt_counts wrong N | dup N | site\n");
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  MPI_Finalize ();
  return 0;
}
