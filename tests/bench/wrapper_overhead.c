/* Cost of the runtime's wrapper of a blocking collective
   (rtlib/parcoach_pmpi_collectives.c) and of its hang-detector bracket
   (rtlib/parcoach_nohang.c), on one process, where MPI_Allreduce of one
   int costs a few tens of nanoseconds and the wrapper's share shows.

   Build it three ways and run each interleaved (tests/README,
   "Benchmarks"): without the runtime (plain), with it and
   PARCOACH_HANG_TIMEOUT=off (the wrapper alone), with it (the wrapper
   and the bracket).  Prints the best of 20 rounds of 20,000 calls, in ns
   per call, on MPI_COMM_WORLD and on a duplicate of it (the bracket then
   asks MPI for the communicator's size).  A figure to read, not a test.  */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

enum { ROUNDS = 20, CALLS = 20000 };

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double
best_time (MPI_Comm comm)
{
  double best = 1e30;
  int x = 1, y = 0;
  for (int round = 0; round < ROUNDS; round++)
    {
      double start = now ();
      for (int i = 0; i < CALLS; i++)
        MPI_Allreduce (&x, &y, 1, MPI_INT, MPI_SUM, comm);
      double spent = now () - start;
      if (spent < best)
        best = spent;
    }
  return best / CALLS * 1e9;
}

int
main (int argc, char **argv)
{
  int rank;
  MPI_Comm dup;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_dup (MPI_COMM_WORLD, &dup);
  double world = best_time (MPI_COMM_WORLD);
  double copy = best_time (dup);
  if (rank == 0)
    printf ("MPI_Allreduce of one int: MPI_COMM_WORLD %.1f ns, duplicate %.1f ns\n",
            world, copy);
  MPI_Comm_free (&dup);
  MPI_Finalize ();
  return 0;
}
