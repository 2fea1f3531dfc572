/* Nested parallelism under MPI_THREAD_FUNNELED: an outer team of two
 * threads (one per half of the data), each opening an inner team for its
 * half.  MPI is called only by the master of the outer team, outside the
 * inner regions, between barriers of the outer team: that thread is the
 * main thread (the master of an inner team need not be, so no MPI call is
 * made there).  With one thread, or without nested parallelism, the same
 * calls happen.  Nothing to warn, nothing to stop.
 *
 * description: FUNNELED: nested parallel regions compute, the outer master reduces between outer barriers
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=4
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 4000
#define STEPS 4

static double data[N];

int main(int argc, char **argv)
{
  int provided, rank, size;
  double half_sums[2], global = 0.0, results[STEPS];

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    data[i] = 1.0;
  omp_set_max_active_levels(2);

#pragma omp parallel num_threads(2)
  {
    int half = omp_get_thread_num();
    int teams = omp_get_num_threads();
    for (int step = 0; step < STEPS; step++) {
      double sum = 0.0;
      int lo = teams == 2 ? half * (N / 2) : 0, hi = teams == 2 ? lo + N / 2 : N;
#pragma omp parallel for reduction(+ : sum) num_threads(2)
      for (int i = lo; i < hi; i++) {
        data[i] *= 2.0;
        sum += data[i];
      }
      half_sums[half] = sum;
#pragma omp barrier
#pragma omp master
      {
        double local = half_sums[0] + (teams == 2 ? half_sums[1] : 0.0);
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        results[step] = global;
      }
#pragma omp barrier
    }
  }

  for (int step = 0; step < STEPS; step++) {
    double expected = (double)N * size * (double)(2 << step);
    if (results[step] != expected) {
      fprintf(stderr, "rank %d step %d: %g, expected %g\n", rank, step, results[step], expected);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
  }
  MPI_Finalize();
  return 0;
}
