/* OpenMP (thesis Algorithm 18): sync_all holds an orphaned barrier, which
 * binds to the team that calls it.  Only thread 0 calls it: it waits in
 * that barrier, the others at the end of the region; libgomp's barriers
 * count arrivals, so they release each other, and thread 0 then waits
 * alone at the end of the region.  sync_some's orphaned barrier is itself
 * conditional.
 *
 * description: OpenMP call to a function with an orphaned barrier on one thread only
 * compile-flags: -fopenmp
 * expect-warning: 23 omp-collective
 * expect-warning: 38 omp-collective
 * expect-conditional: 22
 * expect-conditional: 37
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <omp.h>
#include <stdio.h>

void sync_some(int t)
{
  if (t > 0) {
#pragma omp barrier
  }
}

void sync_all(void)
{
#pragma omp barrier
}

int main(void)
{
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0)
      sync_all();
    printf("thread %d\n", t);
  }
  sync_some(0);
  return 0;
}
