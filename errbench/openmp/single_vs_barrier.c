/* OpenMP (thesis figure 3.8, second situation): threads of one team take
 * different branches, one side meets a `single' (with its implicit
 * barrier), the other an explicit barrier: the sequences of collectives
 * differ.  One cause (the test of line 24), one warning at the single,
 * whose path names the barrier.
 *
 * description: OpenMP single on one branch, barrier on the other
 * compile-flags: -fopenmp
 * expect-warning: 25 omp-collective
 * expect-conditional: 24
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int flag = 0;
#pragma omp parallel shared(flag)
  {
    int tid = omp_get_thread_num();
    if (tid < 2) {
#pragma omp single
      flag = 1;
    } else {
#pragma omp barrier
    }
  }
  printf("%d\n", flag);
  return 0;
}
