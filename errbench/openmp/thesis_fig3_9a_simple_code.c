/* OpenMP, thesis figure 3.9(a)-(b): a simple code and its OMPCFG.  The
 * figure itself is an image our copy of the thesis does not hold; this
 * program has the directive nodes the text and Table 3.2 describe: a
 * parallel region (a directive node taken as a barrier but not analysed),
 * a master (an if/else node, no barrier), a worksharing for and a single
 * (if/else nodes, gray, with their implicit barriers, "for end" and
 * "single end"), a critical (linear) and an explicit barrier (a thick
 * node).  Every thread of the team meets the same sequence
 *   for, for end, barrier, single, single end
 * and the only thread test is the master's (not a divergence): silent,
 * and no run-time check.
 *
 * description: thesis fig 3.9(a): a simple code with every kind of directive node: silent
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

#define N 100

int main(void)
{
  double a[N], total = 0.0;
#pragma omp parallel
  {
#pragma omp master
    printf("team of %d\n", omp_get_num_threads());
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = 2.0 * i;
#pragma omp critical
    total += 1.0;
#pragma omp barrier
#pragma omp single
    total = a[N - 1];
  }
  printf("total %g\n", total);
  return total == 2.0 * (N - 1) ? 0 : 1;
}
