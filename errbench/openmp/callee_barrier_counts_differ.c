/* OpenMP: the two branches of a thread test call two functions of the
 * file, f running one orphaned barrier and g two.  The first barriers
 * match; the second barrier of g has no partner: thread 0 reaches the end
 * of the region while the others wait in g's second barrier, a hang
 * without PARCOACH.  The summaries (Algorithm 18) make the call to g run
 * [barrier, barrier] against [barrier]: a warning at the call to g (its
 * second barrier has no match), blaming the thread test.
 *
 * At run time the region is checked, which arms the dormant checks of f's
 * and g's barriers for its team: the first barriers agree, then thread 0's
 * check at the end of the region meets the others' check before g's
 * second barrier, and the run stops.
 *
 * description: OpenMP: thread branches call f (one orphaned barrier) and g (two): dormant checks in the callees
 * compile-flags: -fopenmp
 * expect-warning: 44 omp-collective
 * expect-conditional: 41
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

void f(void)
{
#pragma omp barrier
}

void g(void)
{
#pragma omp barrier
#pragma omp barrier
}

int main(void)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      f();
    else
      g();
  }
  printf("done\n");
  return 0;
}
