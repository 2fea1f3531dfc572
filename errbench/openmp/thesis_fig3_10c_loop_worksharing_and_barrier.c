/* OpenMP, thesis figure 3.10(c): a loop holding a worksharing construct
 * (with its implicit barrier, node 7) and an explicit barrier (node 5)
 * under a conditional (node 4); the implicit barrier at the end of the
 * region is node 9.  Algorithm 15 removes the loop's back edge, then
 * computes C0 = {5}, C1 = {7}, C2 = {9}: PDF+(C0) = {4}, so the barrier is
 * reported with the thread test; the worksharing construct, reached on
 * every path of the iteration, has an empty PDF+ and is not.  The loop
 * itself runs 3 times in every thread (the value flow proves its exit
 * test the same in all of them), so it is not blamed.
 *
 * At run time thread 0 is about to run the barrier while the others are
 * at the `for': the first check stops the run.
 *
 * description: thesis fig 3.10(c): loop with a for and a barrier under a thread test
 * compile-flags: -fopenmp
 * expect-warning: 35 omp-collective
 * expect-conditional: 34
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void)
{
  double a[N] = {0};
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    for (int step = 0; step < 3; step++) {
      if (tid == 0) {
#pragma omp barrier
      }
#pragma omp for
      for (int i = 0; i < N; i++)
        a[i] += step;
    }
  }
  printf("%g\n", a[N - 1]);
  return 0;
}
