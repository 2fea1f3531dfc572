/* MPI_THREAD_MULTIPLE with one communicator per thread, the usual way of
 * letting every thread of a team run collectives at once: the main thread
 * duplicates MPI_COMM_WORLD once per thread before the parallel region
 * (the processes agree on the team size first), and thread t reduces on
 * comms[t] only.  Collectives on different communicators never conflict
 * (MPI 4.0, section 11.6.2: the user must order concurrent collectives on
 * one communicator, nothing else), and thread t of every process uses the
 * same communicator the same number of times.  When MPI does not provide
 * MULTIPLE, the same reductions run one after the other on the main
 * thread: a branch on `provided', which every process gets alike for one
 * `required'.  Nothing to warn, nothing to stop.
 *
 * description: MULTIPLE: MPI_Comm_dup per thread, every thread runs MPI_Allreduce on its own communicator
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERATIONS 20

static double reduce_on(MPI_Comm comm, int thread, int rank)
{
  double sum = 0.0;
  for (int it = 0; it < ITERATIONS; it++) {
    double mine = thread + rank + it, got;
    MPI_Allreduce(&mine, &got, 1, MPI_DOUBLE, MPI_SUM, comm);
    sum += got;
  }
  return sum;
}

int main(int argc, char **argv)
{
  int provided, rank, size, wanted, threads;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  wanted = omp_get_max_threads();
  MPI_Allreduce(&wanted, &threads, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Comm *comms = malloc(threads * sizeof *comms);
  double *sums = malloc(threads * sizeof *sums);
  for (int t = 0; t < threads; t++)
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);

  if (provided == MPI_THREAD_MULTIPLE) {
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
    {
      int t = omp_get_thread_num();
      if (omp_get_num_threads() != threads)
        MPI_Abort(MPI_COMM_WORLD, 4);
      sums[t] = reduce_on(comms[t], t, rank);
    }
  } else {
    for (int t = 0; t < threads; t++)
      sums[t] = reduce_on(comms[t], t, rank);
  }

  for (int t = 0; t < threads; t++) {
    double expected = 0.0;
    for (int it = 0; it < ITERATIONS; it++)
      expected += (double)size * (t + it) + size * (size - 1) / 2.0;
    if (sums[t] != expected) {
      fprintf(stderr, "rank %d thread %d: %g, expected %g\n", rank, t, sums[t], expected);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    MPI_Comm_free(&comms[t]);
  }
  free(comms);
  free(sums);
  MPI_Finalize();
  return 0;
}
