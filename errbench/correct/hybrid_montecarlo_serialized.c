/* A hybrid Monte Carlo estimator (MPI+OpenMP, MPI_THREAD_SERIALIZED).
 * Samples come from a counter-based hash of their global index, so the
 * result does not depend on the number of threads or processes.  One
 * parallel region runs the whole batch loop: the batch's seed offset is
 * broadcast by one thread in `omp single copyprivate', the samples are an
 * `omp for reduction(+:hits)', then one thread (`omp single') reduces the
 * hits over the processes and decides, from that global count only,
 * whether the run has converged; the other threads wait at the single's
 * barrier and every thread reads the same shared `done'.  After the region
 * a histogram made with an array-section reduction is summed with
 * MPI_Allreduce(MPI_IN_PLACE) by the main thread.  Rank 0 prints.
 *
 * description: hybrid SERIALIZED Monte Carlo: batch loop in one region, single copyprivate bcast, omp for reduction, single allreduce deciding a shared done flag, array-section reduction then in-place allreduce
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define BATCH 20000
#define MAX_BATCHES 40
#define BINS 16

static double uniform(unsigned long long index, unsigned stream)
{
  unsigned long long z = index * 0x9E3779B97F4A7C15ULL + stream * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return (z >> 11) * (1.0 / 9007199254740992.0);
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    fprintf(stderr, "MPI_THREAD_SERIALIZED not available\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const double tolerance = 2e-3;
  long hits = 0, total_hits = 0, total_samples = 0;
  double estimate = 0.0, error = 1.0;
  int batch = 0, done = 0;
  long histogram[BINS] = {0};

#pragma omp parallel default(none) shared(hits, total_hits, total_samples, estimate, error, \
                                          batch, done, rank, size, histogram, tolerance)
  {
    while (!done) {
      unsigned long long first;
#pragma omp single copyprivate(first)
      {
        unsigned long long offset = 0;
        if (rank == 0)
          offset = (unsigned long long)batch * BATCH * size;
        MPI_Bcast(&offset, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
        first = offset + (unsigned long long)rank * BATCH;
      }
#pragma omp for reduction(+ : hits, histogram[:BINS]) schedule(static)
      for (int s = 0; s < BATCH; s++) {
        double x = uniform(first + s, 1), y = uniform(first + s, 2);
        if (x * x + y * y <= 1.0)
          hits++;
        histogram[(int)(x * BINS)]++;
      }
#pragma omp single
      {
        long batch_hits = 0;
        MPI_Allreduce(&hits, &batch_hits, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        hits = 0;
        total_hits += batch_hits;
        total_samples += (long)BATCH * size;
        batch++;
        estimate = 4.0 * total_hits / total_samples;
        error = 4.0 * sqrt(0.25 * 0.75 / total_samples);   /* binomial standard error bound */
        done = error < tolerance || batch >= MAX_BATCHES;
      }
    }
  }

  MPI_Allreduce(MPI_IN_PLACE, histogram, BINS, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  long counted = 0;
  for (int b = 0; b < BINS; b++)
    counted += histogram[b];
  if (counted != total_samples || fabs(estimate - M_PI) > 10 * error) {
    fprintf(stderr, "rank %d: inconsistent result %f (%ld of %ld samples)\n", rank, estimate,
            counted, total_samples);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (rank == 0)
    printf("pi ~ %.5f +- %.5f after %d batches on %d processes x %d threads\n", estimate, error,
           batch, size, omp_get_max_threads());
  MPI_Finalize();
  return 0;
}
