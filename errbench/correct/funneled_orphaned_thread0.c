/* FUNNELED, the thread-number idiom in an orphaned helper: `global_max'
 * is called by every thread of the team (from the parallel region of
 * `relax'); inside, thread 0 reduces across processes between two
 * barriers and the other threads read the result after the second one.
 * The team is the one `relax' forks from the main thread, so its thread 0
 * is the main thread.  Every process runs the same SWEEPS reductions.
 * Nothing to warn, nothing to stop.
 *
 * description: FUNNELED: orphaned helper called by the whole team, thread 0 reduces between two barriers
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

#define N 1024
#define SWEEPS 5

static double u[N], shared_max;

static double global_max(double mine)
{
#pragma omp barrier
  if (omp_get_thread_num() == 0)
    MPI_Allreduce(&mine, &shared_max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
#pragma omp barrier
  return shared_max;
}

static double relax(int rank)
{
  double last = 0.0;
#pragma omp parallel
  {
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
      double team_max;
#pragma omp for
      for (int i = 0; i < N; i++)
        u[i] = 0.5 * u[i] + rank + sweep;
#pragma omp single
      {
        double m = u[0];
        for (int i = 1; i < N; i++)
          m = u[i] > m ? u[i] : m;
        shared_max = m;
      }
      team_max = global_max(shared_max);
#pragma omp master
      last = team_max;
    }
  }
  return last;
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  double result = relax(rank);
  /* u = 0.5 u + r + s from u = 0: the largest rank's value after SWEEPS */
  double expected = 0.0;
  for (int sweep = 0; sweep < SWEEPS; sweep++)
    expected = 0.5 * expected + (size - 1) + sweep;
  if (result != expected) {
    fprintf(stderr, "rank %d: %g, expected %g\n", rank, result, expected);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
