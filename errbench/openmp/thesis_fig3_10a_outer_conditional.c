/* OpenMP, thesis figure 3.10(a) (listing 2.3): the conditional outside the
 * parallel region (line 22) is taken by the single thread that starts the
 * team, so it cannot divide the team and is not reported; the one inside
 * (line 25) decides whether each thread meets the `single' and its
 * implicit barrier.
 *
 * description: thesis fig 3.10(a): single under a thread-dependent branch, outer conditional not blamed
 * compile-flags: -fopenmp
 * expect-warning: 26 omp-collective
 * expect-conditional: 25
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int result;

void f(int enabled)
{
  if (enabled) {
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0) {
#pragma omp single
        result = 42;
      }
#pragma omp barrier
    }
  }
}

int main(int argc, char **argv)
{
  f(argc > 0);
  printf("%d\n", result);
  (void)argv;
  return 0;
}
