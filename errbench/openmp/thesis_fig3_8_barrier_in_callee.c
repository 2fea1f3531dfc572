/* OpenMP, thesis figure 3.8, deadlock situation 2: the barrier is in f,
 * outside any parallel region of its own (orphaned), and main's region
 * calls f under a thread-dependent conditional.  Found through the
 * summary of f (Algorithm 18).
 *
 * description: thesis fig 3.8(2): orphaned barrier in a callee under a conditional
 * compile-flags: -fopenmp
 * expect-warning: 30 omp-collective
 * expect-conditional: 29
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

void f(int *data)
{
  data[omp_get_thread_num()] = 1;
#pragma omp barrier
}

int main(void)
{
  int data[64] = {0};
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    if (tid != 0)
      f(data);
  }
  printf("%d\n", data[1]);
  return 0;
}
