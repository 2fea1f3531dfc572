/* OpenMP: only the even threads of the team reach the explicit barrier;
 * with two or more threads the odd ones leave the region while the even
 * ones wait forever (OpenMP requires every thread of a team to meet the
 * same barriers).  The run-time check stops it instead, unless the team
 * has one thread.
 *
 * description: OpenMP barrier reached only by even threads
 * compile-flags: -fopenmp
 * expect-warning: 24 omp-collective
 * expect-conditional: 23
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
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
