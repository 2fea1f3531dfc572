/* OpenMP: only the even threads of the team reach the explicit barrier;
 * with two or more threads the odd ones leave the region while the even
 * ones wait forever (OpenMP requires every thread of a team to meet the
 * same barriers).  Not run: there is no run-time check for OpenMP yet.
 *
 * description: OpenMP barrier reached only by even threads
 * compile-flags: -fopenmp
 * expect-warning: 20 omp-collective
 * expect-conditional: 19
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid % 2 == 0) {
#pragma omp barrier
    }
    printf("thread %d done\n", tid);
  }
  return 0;
}
