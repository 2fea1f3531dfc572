/* The erroneous twin of correct_cancel_parallel.c: in a region that may be
 * cancelled GCC lowers a barrier to GOMP_barrier_cancel, still a barrier;
 * only thread 0 reaches it (cancellation is not activated: nothing lets
 * the others skip it).  No run-time check goes into a region that may be
 * cancelled (a cancelled thread would skip the checks the others wait
 * in), so the warning says none was inserted, and with 2 threads or more
 * the program hangs: it is run with one thread only.
 *
 * description: barrier reached by thread 0 only, in a region with a cancel directive
 * compile-flags: -fopenmp
 * expect-warning: 25 omp-collective
 * expect-conditional: 24
 * expect-run: 1 ok threads=1
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int never = 0;
#pragma omp parallel
  {
#pragma omp cancel parallel if (never)
    if (omp_get_thread_num() == 0) {
#pragma omp barrier
    }
  }
  printf("done\n");
  return 0;
}
