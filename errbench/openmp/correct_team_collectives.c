/* Correct OpenMP: every thread meets the same barriers and worksharing
 * constructs; the only branches on the thread number are around plain
 * code, and the `single' and `master' bodies hold no team collective.
 *
 * description: OpenMP barriers and worksharing reached by every thread: silent
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void)
{
  double a[N], sum = 0.0;
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      printf("team of %d threads\n", omp_get_num_threads());
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp barrier
#pragma omp single
    sum = 0.0;
#pragma omp for reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += a[i];
#pragma omp master
    printf("sum %g\n", sum);
  }
  return sum == N * (N - 1) / 2.0 ? 0 : 1;
}
