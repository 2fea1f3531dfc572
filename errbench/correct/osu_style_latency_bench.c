/* An OSU-style micro-benchmark (pure MPI, C): a ping-pong between ranks 0
 * and 1 over message sizes doubling up to a maximum (`if (rank == 0)
 * {send; recv} else if (rank == 1) {recv; send}', the other ranks idle),
 * fewer iterations and no warm-up past a large size, a barrier before
 * each size, the latency reduced to rank 0 with MPI_Reduce and printed
 * there; options parsed from argv by every process (getopt-like loop);
 * then a time-bounded collective loop whose stop flag rank 0 decides from
 * MPI_Wtime and broadcasts each round, and an MPI_Allreduce of the round
 * count checked on every process.  Needs 2 processes or more: fewer is
 * an error every process detects alike.  Nothing to warn, nothing to stop.
 *
 * description: OSU-style benchmark: ping-pong between ranks 0 and 1 over doubling sizes, size-dependent iteration counts, MPI_Reduce of latencies, argv options, time-bounded loop with a stop flag broadcast from rank 0
 * expect-run: 2 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARGE_MESSAGE 8192

typedef struct {
  int max_size, iterations, iterations_large, skip, skip_large;
  double budget;   /* seconds for the timed phase */
} options_t;

static int parse_options(int argc, char **argv, options_t *o)
{
  o->max_size = 1 << 16;
  o->iterations = 200;
  o->iterations_large = 20;
  o->skip = 20;
  o->skip_large = 2;
  o->budget = 0.05;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-m") == 0 && i + 1 < argc)
      o->max_size = atoi(argv[++i]);
    else if (strcmp(argv[i], "-i") == 0 && i + 1 < argc)
      o->iterations = atoi(argv[++i]);
    else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
      o->budget = atof(argv[++i]);
    else
      return -1;
  }
  return o->max_size > 0 && o->iterations > 0 ? 0 : -1;
}

static double ping_pong(int rank, char *buffer, int size, int iterations, int skip)
{
  double start = 0.0;
  MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < iterations + skip; i++) {
    if (i == skip)
      start = MPI_Wtime();
    if (rank == 0) {
      MPI_Send(buffer, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
      MPI_Recv(buffer, size, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(buffer, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buffer, size, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    }
  }
  /* half a round trip, in microseconds, on the two ranks that ran it */
  return rank < 2 ? (MPI_Wtime() - start) * 1e6 / (2.0 * iterations) : 0.0;
}

int main(int argc, char **argv)
{
  int rank, nprocs;
  options_t options;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (parse_options(argc, argv, &options) != 0) {
    if (rank == 0)
      fprintf(stderr, "usage: %s [-m max_size] [-i iterations] [-t seconds]\n", argv[0]);
    MPI_Finalize();
    return 1;
  }
  if (nprocs < 2) {
    if (rank == 0)
      fprintf(stderr, "this test needs at least two processes\n");
    MPI_Finalize();
    return 1;
  }

  char *buffer = calloc(options.max_size, 1);
  if (rank == 0)
    printf("# size   latency (us)\n");
  for (int size = 1; size <= options.max_size; size *= 2) {
    int iterations = options.iterations, skip = options.skip;
    if (size > LARGE_MESSAGE) {
      iterations = options.iterations_large;
      skip = options.skip_large;
    }
    double latency = ping_pong(rank, buffer, size, iterations, skip), max_latency;
    MPI_Reduce(&latency, &max_latency, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
      printf("%-8d %10.2f\n", size, max_latency);
  }

  /* Timed phase: as many allreduce rounds as fit in the budget, rank 0's
   * clock deciding for everyone. */
  int stop = 0, rounds = 0;
  double start = MPI_Wtime();
  do {
    double value = rank, sum;
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (sum != 0.5 * nprocs * (nprocs - 1))
      MPI_Abort(MPI_COMM_WORLD, 2);
    rounds++;
    if (rank == 0)
      stop = MPI_Wtime() - start > options.budget || rounds >= 100000;
    MPI_Bcast(&stop, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } while (!stop);

  int max_rounds;
  MPI_Allreduce(&rounds, &max_rounds, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (max_rounds != rounds) {
    fprintf(stderr, "rank %d: %d rounds, %d elsewhere\n", rank, rounds, max_rounds);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  if (rank == 0)
    printf("# %d allreduce rounds in %.3f s\n", rounds, options.budget);
  free(buffer);
  MPI_Finalize();
  return 0;
}
