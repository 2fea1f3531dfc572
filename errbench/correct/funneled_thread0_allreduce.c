/* The most common MPI_THREAD_FUNNELED idiom of hybrid codes: one parallel
 * region spans the time loop; the threads share the work of each step
 * (omp for with a reduction), then thread 0 alone reduces across processes
 * between two barriers, and every thread reads the result after the second
 * barrier.  Thread 0 of the initial team is the main thread, so FUNNELED
 * allows its MPI calls (MPI 4.0, section 11.6); the barriers order them.
 * Each process runs the same STEPS collectives: nothing to warn, nothing
 * to stop.  The result is checked against its closed form.
 *
 * description: FUNNELED: if (omp_get_thread_num() == 0) MPI_Allreduce between two barriers of a time loop
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 4096
#define STEPS 6

static double field[N];

int main(int argc, char **argv)
{
  int provided, rank, size;
  double local = 0.0, global = 0.0, seen[STEPS];

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    field[i] = rank + 1;

#pragma omp parallel
  {
    for (int step = 0; step < STEPS; step++) {
#pragma omp for reduction(+ : local)
      for (int i = 0; i < N; i++) {
        field[i] *= 0.5;
        local += field[i];
      }
#pragma omp barrier
      if (omp_get_thread_num() == 0) {
        MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        local = 0.0;
      }
#pragma omp barrier
      seen[step] = global;   /* every thread stores the same value */
    }
  }

  int bad = 0;
  for (int step = 0; step < STEPS; step++) {
    double expected = N * ldexp(1.0, -(step + 1)) * size * (size + 1) / 2.0;
    if (fabs(seen[step] - expected) > 1e-9 * expected)
      bad = 1;
  }
  if (bad) {
    fprintf(stderr, "rank %d: wrong sums\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
