/* Collectives of code built without PARCOACH (rtlib/
   parcoach_pmpi_collectives.c).  legacy_sum below stands for a library
   compiled without the plugin: a bare MPI_Allreduce, no check before it.
   main stands for a flagged function: it enters a checked region (as the
   plugin makes it do) and checks its own collectives.

   Usage: rt_library clean   -- 20 rounds, armed: every rank calls
                                legacy_sum, then a checked MPI_Barrier
          rt_library mixed   -- 20 rounds, armed: rank 0 runs a checked
                                MPI_Allreduce (instrumented code), the
                                others legacy_sum's: one check each side
                                (the wrapper consumes the token of rank
                                0's check), so they match
          rt_library abort   -- armed: rank 0 calls legacy_sum, the others
                                a checked MPI_Barrier: the run stops
          rt_library unarmed -- 20 rounds of legacy_sum outside any
                                checked region: no check
   With --layer (linked with librt_pmpi_layer.so after the runtime), the
   clean and mixed modes also compare the layer's counts with the calls
   the application made: each must be seen exactly once.  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <string.h>

#define COLOUR_BARRIER 1
#define COLOUR_ALLREDUCE 13

void rt_pmpi_layer_counts (int *allreduce, int *barrier)
  __attribute__ ((weak));

static int __attribute__ ((noinline))
legacy_sum (int x)
{
  int y = 0;
  MPI_Allreduce (&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  return y;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "";
  int layer = argc > 2 && strcmp (argv[2], "--layer") == 0;
  int rank, size, i, saved, sum = 0, allreduces = 0, barriers = 0;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  saved = strcmp (mode, "unarmed") != 0 ? parcoach_enter_checked_region ()
                                         : -1;
  if (strcmp (mode, "clean") == 0 || strcmp (mode, "unarmed") == 0)
    for (i = 0; i < 20; i++)
      {
        sum += legacy_sum (rank);
        allreduces++;
        if (saved >= 0)
          parcoach_check_comm (MPI_COMM_WORLD, COLOUR_BARRIER,
                               PARCOACH_CHECK_ALWAYS, "l.c", 2, "main", "1");
        MPI_Barrier (MPI_COMM_WORLD);
        barriers++;
      }
  else if (strcmp (mode, "mixed") == 0)
    for (i = 0; i < 20; i++)
      {
        if (rank == 0)
          {
            int x = rank, y = 0;
            parcoach_check_comm (MPI_COMM_WORLD, COLOUR_ALLREDUCE,
                                 PARCOACH_CHECK_ALWAYS, "l.c", 3, "main",
                                 "1");
            MPI_Allreduce (&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            sum += y;
          }
        else
          sum += legacy_sum (rank);
        allreduces++;
      }
  else if (strcmp (mode, "abort") == 0)
    {
      if (rank == 0)
        legacy_sum (rank);
      else
        {
          parcoach_check_comm (MPI_COMM_WORLD, COLOUR_BARRIER,
                               PARCOACH_CHECK_ALWAYS, "l.c", 2, "main", "1");
          MPI_Barrier (MPI_COMM_WORLD);
        }
      fprintf (stderr, "rt_library: rank %d went on\n", rank);
    }
  if (saved >= 0)
    parcoach_leave_checked_region (saved);
  if (sum != allreduces * size * (size - 1) / 2)
    fprintf (stderr, "rt_library: rank %d: wrong sum %d\n", rank, sum);
  if (layer)
    {
      int seen_allreduces = -1, seen_barriers = -1;
      if (rt_pmpi_layer_counts != NULL)
        rt_pmpi_layer_counts (&seen_allreduces, &seen_barriers);
      if (seen_allreduces != allreduces || seen_barriers != barriers)
        fprintf (stderr, "rt_library: rank %d: the layer saw %d"
                 " MPI_Allreduce and %d MPI_Barrier, the application made"
                 " %d and %d\n", rank, seen_allreduces, seen_barriers,
                 allreduces, barriers);
    }
  MPI_Finalize ();
  return 0;
}
