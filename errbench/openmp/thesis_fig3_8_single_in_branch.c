/* OpenMP, thesis figure 3.8, deadlock situation 1: in f, only some threads
 * meet the `single' (and its implicit barrier); the others go straight to
 * the explicit barrier.  The two groups release each other at different
 * barriers, and the first group ends up alone at the end of the region.
 *
 * description: thesis fig 3.8(1): single under a thread-dependent conditional
 * compile-flags: -fopenmp
 * expect-warning: 25 omp-collective
 * expect-conditional: 24
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

int shared_value;

void f(void)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid % 2 == 1) {
#pragma omp single
      shared_value = tid;
    }
#pragma omp barrier
  }
}

int main(void)
{
  f();
  printf("%d\n", shared_value);
  return 0;
}
