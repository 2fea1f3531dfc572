/* OpenMP, thesis figure 3.9(c) at verbosity 1 (Algorithm 15, lines
 * 14-16): every explicit barrier is checked on its own, as the OpenMP
 * specification demands that all threads of a team meet the same barrier.
 * PDF+(3) = PDF+(4) = {2}: both barriers under the thread test are
 * flagged, blaming it, one cause in one warning at the first (its path
 * names both); barrier 6 after the join is not.
 *
 * At run time the region is checked, but the checks compare what each
 * thread is about to do (a barrier, whichever one): the threads agree, so
 * the program runs.  A warning without a stop.
 *
 * description: thesis fig 3.9(c) with omp-verbosity=1: both barriers reported, the checked run agrees
 * compile-flags: -fopenmp
 * plugin-args: omp-verbosity=1
 * expect-warning: 33 omp-collective
 * expect-conditional: 31
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

int seen[64];

int main(void)
{
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    if (tid % 2 == 0) {
      seen[tid] = 1;
#pragma omp barrier
    } else {
      seen[tid] = 2;
#pragma omp barrier
    }
    seen[tid] += 10;
#pragma omp barrier
  }
  printf("%d\n", seen[0]);
  return 0;
}
