/* Erroneous twin of correct/hybrid_tasks_beside_agreed_flag.c: the task
 * that checks a block sets the shared `refine' flag, and the threads test
 * it in the phase where the task runs.  The single has `nowait' and only
 * its creator waits for the task (`taskwait'): the other threads read the
 * flag before the (slow) task sets it, skip the refinement loop and wait
 * at the region's end, while the creator reads it set and meets the
 * `for' alone.  Warned at that `for' (the test on the flag the task
 * writes, unordered with the reads); with 3 threads the run stops, with
 * 1 it is fine.
 *
 * description: OpenMP: a task sets a shared flag that every thread tests in the same barrier phase (`single nowait' + `taskwait' in the creator only), around an `omp for'
 * compile-flags: -fopenmp
 * expect-warning: 48 omp-collective
 * expect-conditional: 47
 * expect-run: 1 stop threads=3
 * expect-run: 1 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#define BLOCK 64

static double values[BLOCK];

static int needs_refinement(const double *v, int n) {
  usleep(300000); /* a costly check */
  double jump = 0.0;
  for (int i = 1; i < n; i++)
    jump = v[i] - v[i - 1] > jump ? v[i] - v[i - 1] : jump;
  return jump > 0.01;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  for (int i = 0; i < BLOCK; i++)
    values[i] = i < BLOCK / 2 ? 0.0 : 1.0;
  int refine = 0;
#pragma omp parallel shared(refine)
  {
#pragma omp single nowait
    {
#pragma omp task shared(refine)
      refine = needs_refinement(values, BLOCK);
#pragma omp taskwait
    }
    if (refine) {
#pragma omp for
      for (int i = 1; i < BLOCK - 1; i++)
        values[i] = 0.5 * (values[i - 1] + values[i + 1]);
    }
  }
  printf("refined %d\n", refine);
  MPI_Finalize();
  return 0;
}
