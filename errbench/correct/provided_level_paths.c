/* Hybrid code that adapts to the thread level MPI provides: the value of
 * `provided' for one `required' is the same on every process, so the
 * branches on it are taken alike everywhere.  Error path: below FUNNELED,
 * rank 0 prints a message and every process finalizes and returns.  Under
 * MULTIPLE the threads reduce on per-thread duplicates; otherwise the
 * master thread reduces for the team (funneled, between barriers).  Both
 * paths give the same result.  Nothing to warn, nothing to stop.
 *
 * description: collectives after tests of provided: error path, MULTIPLE per-thread path, FUNNELED master path
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static double compute_part(int part, int parts, int rank)
{
  double s = 0.0;
  for (int i = part; i < N; i += parts)
    s += (double)(i % 7) + rank;
  return s;
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  double total = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (provided < MPI_THREAD_FUNNELED) {
    if (rank == 0)
      fprintf(stderr, "this program needs MPI_THREAD_FUNNELED at least\n");
    MPI_Finalize();
    return 1;
  }

  if (provided >= MPI_THREAD_MULTIPLE) {
    int wanted = omp_get_max_threads(), threads;
    MPI_Allreduce(&wanted, &threads, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Comm *comms = malloc(threads * sizeof *comms);
    for (int t = 0; t < threads; t++)
      MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads) reduction(+ : total)
    {
      int t = omp_get_thread_num();
      double mine = compute_part(t, threads, rank), got;
      MPI_Allreduce(&mine, &got, 1, MPI_DOUBLE, MPI_SUM, comms[t]);
      total += got;
    }
    for (int t = 0; t < threads; t++)
      MPI_Comm_free(&comms[t]);
    free(comms);
  } else {
    double local = 0.0;
#pragma omp parallel
    {
#pragma omp for reduction(+ : local)
      for (int part = 0; part < 8; part++)
        local += compute_part(part, 8, rank);
#pragma omp master
      MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    }
  }

  double expected = 0.0;
  for (int i = 0; i < N; i++)
    expected += (double)(i % 7) * size;
  expected += (double)N * size * (size - 1) / 2.0;
  if (total != expected) {
    fprintf(stderr, "rank %d: %g, expected %g\n", rank, total, expected);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
