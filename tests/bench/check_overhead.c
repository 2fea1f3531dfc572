/* Cost of a PARCOACH run-time check against the collectives it guards
   (OSU-style: warm-up, then many iterations between barriers; the figure
   is the slowest process's mean time per operation, the best of 7
   repetitions interleaved across the operations).

   Usage: mpiexec -n P check_overhead [ITERATIONS]   (default 20000)

   Prints, in microseconds per operation:
     MPI_Allreduce 8 B     one double, MPI_SUM (MPICH has a fast path for it)
     MPI_Allreduce 8 B int MIN  one long long, MPI_MIN (like most reductions)
     MPI_Barrier
     MPI_Bcast 1 MiB       (ITERATIONS / 50 iterations)
     check                 the check the plugin inserts before an
                           MPI_Allreduce: parcoach_check_comm_args with its
                           operation, count and datatype
                           (PARCOACH_CHECK_ALWAYS, processes agree)
     check + MPI_Allreduce 8 B
     PMPI_Allreduce 8 char MIN  the check's collective alone (8
                           MPI_SIGNED_CHAR, MPI_MIN), to tell the runtime's
                           share from MPI's
   the ratio check / 8-byte allreduce (goal: <= 1.2), and, on rank 0 alone,
   the cost in nanoseconds of a dormant check (PARCOACH_CHECK_IF_ARMED
   outside a flagged function: no communication) and of the bracket
   around a blocking point-to-point call (parcoach_blocking_enter and
   _leave, for the hang detector), and of the runtime's MPI_ wrapper of a
   collective outside a flagged function (parcoach_pmpi_collectives.c):
   MPI_Barrier minus PMPI_Barrier on MPI_COMM_SELF.  The options of the
   runtime (PARCOACH_TIMEOUT, PARCOACH_STATS) apply as usual: run with
   them set to measure the watchdog's or the statistics' cost.  */

#include "parcoach_rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_ALLREDUCE 13  /* colour of MPI_Allreduce, mpi_collectives.def */

enum op { OP_ALLREDUCE, OP_BARRIER, OP_BCAST, OP_CHECK, OP_CHECK_ALLREDUCE,
          OP_RAW, OP_ALLREDUCE_INT };

static char *big;
#define BIG (1 << 20)

/* The check before `MPI_Allreduce (&x, &y, 1, MPI_DOUBLE, MPI_SUM, ...)'.  */
static void
allreduce_check (double *x, double *y, int when, int line)
{
  static const int count = 1;
  MPI_Op op = MPI_SUM;
  MPI_Datatype type = MPI_DOUBLE;
  parcoach_check_comm_args (MPI_COMM_WORLD, C_ALLREDUCE, NULL, &op, x, &count,
                            &type, y, &count, &type, when, "bench.c", line,
                            "bench", "");
}

static void
do_op (enum op op)
{
  double x = 1.0, y;
  switch (op)
    {
    case OP_ALLREDUCE:
      MPI_Allreduce (&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      break;
    case OP_BARRIER:
      MPI_Barrier (MPI_COMM_WORLD);
      break;
    case OP_BCAST:
      MPI_Bcast (big, BIG, MPI_BYTE, 0, MPI_COMM_WORLD);
      break;
    case OP_CHECK:
      allreduce_check (&x, &y, PARCOACH_CHECK_ALWAYS, 1);
      break;
    case OP_RAW:
      {
        /* The check's own collective, without the runtime around it.  */
        signed char in[8] = { 13, -13, 0, 0, 0, 0, 0, 0 }, out[8];
        PMPI_Allreduce (in, out, 8, MPI_SIGNED_CHAR, MPI_MIN, MPI_COMM_WORLD);
      }
      break;
    case OP_ALLREDUCE_INT:
      {
        long long a = 1, b;
        MPI_Allreduce (&a, &b, 1, MPI_LONG_LONG, MPI_MIN, MPI_COMM_WORLD);
      }
      break;
    case OP_CHECK_ALLREDUCE:
      allreduce_check (&x, &y, PARCOACH_CHECK_ALWAYS, 2);
      MPI_Allreduce (&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      break;
    }
}

/* Mean microseconds per operation over ITERS, the largest over the
   processes.  */
static double
measure_once (enum op op, int iters)
{
  int i;
  double t0, t, tmax;

  MPI_Barrier (MPI_COMM_WORLD);
  t0 = MPI_Wtime ();
  for (i = 0; i < iters; i++)
    do_op (op);
  t = (MPI_Wtime () - t0) / iters * 1e6;
  MPI_Allreduce (&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return tmax;
}

#define NOPS 7
#define REPS 7

/* best[op]: the best of REPS repetitions, the operations interleaved
   (rep 1 of every operation, then rep 2...) so that a change of load on
   the node during the run affects all of them alike.  */
static void
measure_all (double *best, int iters)
{
  int op, rep, i;

  for (op = 0; op < NOPS; op++)
    {
      int n = op == OP_BCAST ? iters / 50 : iters;
      for (i = 0; i < n / 10 + 10; i++)
        do_op ((enum op) op);
      best[op] = 1e30;
    }
  for (rep = 0; rep < REPS; rep++)
    for (op = 0; op < NOPS; op++)
      {
        double t = measure_once ((enum op) op,
                                 op == OP_BCAST ? iters / 50 : iters);
        if (t < best[op])
          best[op] = t;
      }
}

int
main (int argc, char **argv)
{
  int rank, size, iters = argc > 1 ? atoi (argv[1]) : 20000;
  double best[NOPS], ar, ari, ba, bc, ck, cka, raw;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (iters < 50)
    iters = 50;
  big = calloc (BIG, 1);
  if (big == NULL)
    MPI_Abort (MPI_COMM_WORLD, 1);

  measure_all (best, iters);
  ar = best[OP_ALLREDUCE];
  ba = best[OP_BARRIER];
  bc = best[OP_BCAST];
  ck = best[OP_CHECK];
  cka = best[OP_CHECK_ALLREDUCE];
  raw = best[OP_RAW];
  ari = best[OP_ALLREDUCE_INT];

  if (rank == 0)
    {
      const char *t = getenv ("PARCOACH_TIMEOUT");
      const char *s = getenv ("PARCOACH_STATS");
      int i, n = 20000000;
      volatile int sink = 0;
      double t0, dormant, bracket, wrapped, unwrapped, x = 1.0, y;
      int rep;

      /* Dormant checks: no MPI communication, rank 0 alone.  */
      t0 = MPI_Wtime ();
      for (i = 0; i < n; i++)
        {
          allreduce_check (&x, &y, PARCOACH_CHECK_IF_ARMED, 3);
          sink++;
        }
      dormant = (MPI_Wtime () - t0) / n * 1e9;

      /* The bracket of a blocking point-to-point call (hang detector),
         without the call: what a run pays when nothing blocks.  */
      t0 = MPI_Wtime ();
      for (i = 0; i < n; i++)
        {
          parcoach_blocking_enter ("MPI_Recv", "bench.c", 1, "main");
          parcoach_blocking_leave ();
          sink++;
        }
      bracket = (MPI_Wtime () - t0) / n * 1e9;

      /* The unarmed wrapper of a collective: the same barrier on
         MPI_COMM_SELF through MPI_ (the runtime's wrapper, then MPI) and
         through PMPI_ (MPI alone), best of REPS.  */
      wrapped = unwrapped = 1e30;
      for (rep = 0; rep < REPS; rep++)
        {
          double w, u;
          t0 = MPI_Wtime ();
          for (i = 0; i < n / 4; i++)
            MPI_Barrier (MPI_COMM_SELF);
          w = (MPI_Wtime () - t0) / (n / 4) * 1e9;
          t0 = MPI_Wtime ();
          for (i = 0; i < n / 4; i++)
            PMPI_Barrier (MPI_COMM_SELF);
          u = (MPI_Wtime () - t0) / (n / 4) * 1e9;
          wrapped = w < wrapped ? w : wrapped;
          unwrapped = u < unwrapped ? u : unwrapped;
        }

      printf ("# check_overhead: %d processes, %d iterations,"
              " PARCOACH_TIMEOUT=%s PARCOACH_STATS=%s\n", size, iters,
              t ? t : "(unset)", s ? s : "(unset)");
      printf ("%-28s %10s\n", "# operation", "us/op");
      printf ("%-28s %10.2f\n", "MPI_Allreduce 8 B", ar);
      printf ("%-28s %10.2f\n", "MPI_Allreduce 8 B int MIN", ari);
      printf ("%-28s %10.2f\n", "MPI_Barrier", ba);
      printf ("%-28s %10.2f\n", "MPI_Bcast 1 MiB", bc);
      printf ("%-28s %10.2f\n", "check", ck);
      printf ("%-28s %10.2f\n", "check + MPI_Allreduce 8 B", cka);
      printf ("%-28s %10.2f\n", "PMPI_Allreduce 8 char MIN", raw);
      printf ("%-28s %10.3f\n", "dormant check (ns/op)", dormant);
      printf ("%-28s %10.3f\n", "p2p bracket (ns/op)", bracket);
      printf ("%-28s %10.3f\n", "MPI_Barrier self (ns/op)", wrapped);
      printf ("%-28s %10.3f\n", "PMPI_Barrier self (ns/op)", unwrapped);
      printf ("%-28s %10.3f\n", "unarmed wrapper (ns/op)",
              wrapped - unwrapped);
      printf ("ratio check / MPI_Allreduce 8 B = %.2f (goal <= 1.2)\n",
              ck / ar);
      printf ("ratio check / MPI_Allreduce 8 B int MIN = %.2f\n", ck / ari);
      printf ("ratio check / its own PMPI_Allreduce = %.2f (the runtime's"
              " own share)\n", ck / raw);
      fflush (stdout);
    }
  free (big);
  MPI_Finalize ();
  return 0;
}
