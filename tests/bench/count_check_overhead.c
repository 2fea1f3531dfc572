/* Cost of the v-variants' count checks in the runtime's wrappers
   (rtlib/parcoach_count_checks.c): MPI_Allgatherv of one int per process
   and MPI_Alltoallv of one int per pair, where the extra exchange would
   show most.  Build it without the runtime (plain) and with it, and run
   the runtime build with PARCOACH_COUNT_CHECKS unset (sampled), =all and
   =off, interleaved (tests/README, "Benchmarks").  Prints the best of 20
   rounds of 5,000 calls, in microseconds per call.  A figure to read,
   not a test.  */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { ROUNDS = 20, CALLS = 5000 };

int main (int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &nprocs);
  int *counts = malloc (nprocs * sizeof *counts);
  int *displs = malloc (nprocs * sizeof *displs);
  int *in = malloc (nprocs * sizeof *in), *out = malloc (nprocs * sizeof *out);
  for (int i = 0; i < nprocs; i++)
    {
      counts[i] = 1;
      displs[i] = i;
      out[i] = rank;
    }
  double best[2] = { 1e30, 1e30 };
  for (int round = 0; round < ROUNDS; round++)
    for (int which = 0; which < 2; which++)
      {
        MPI_Barrier (MPI_COMM_WORLD);
        double start = MPI_Wtime ();
        for (int i = 0; i < CALLS; i++)
          if (which == 0)
            MPI_Allgatherv (&rank, 1, MPI_INT, in, counts, displs, MPI_INT, MPI_COMM_WORLD);
          else
            MPI_Alltoallv (out, counts, displs, MPI_INT, in, counts, displs, MPI_INT,
                           MPI_COMM_WORLD);
        double spent = (MPI_Wtime () - start) / CALLS * 1e6;
        if (spent < best[which])
          best[which] = spent;
      }
  if (rank == 0)
    printf ("allgatherv %.3f us, alltoallv %.3f us\n", best[0], best[1]);
  free (counts);
  free (displs);
  free (in);
  free (out);
  MPI_Finalize ();
  return 0;
}
