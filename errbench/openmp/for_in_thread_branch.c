/* OpenMP: a worksharing loop inside a branch on the thread number.  Every
 * thread of the team must encounter the `for' (and its implicit barrier);
 * only thread 0 does.  Both the construct and its implicit barrier are
 * reported at the directive.
 *
 * description: OpenMP worksharing for in a thread-dependent branch
 * compile-flags: -fopenmp
 * expect-warning: 25 omp-collective
 * expect-conditional: 24
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

#define N 64

int main(void)
{
  double a[N];
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp for
      for (int i = 0; i < N; i++)
        a[i] = i;
    }
  }
  printf("%g\n", a[N - 1]);
  return 0;
}
