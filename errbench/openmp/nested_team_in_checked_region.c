/* OpenMP: a checked region whose threads each open a nested team (in
 * inner) that runs the orphaned barrier of sync.  The nested region is
 * correct, hence not checked: sync's dormant check must stay dormant
 * there, for every thread of the nested team alike (its first thread is a
 * thread of the checked team: were it armed, it would wait in a check
 * while its partner waits in the real barrier, a hang).  Arming is per
 * nesting level, so only the outer team is armed, and it still is after
 * the nested team ends: thread 0's extra call to sync (line 42, the
 * warning, blaming the thread test of line 41) is checked against the
 * others' end of the region, and the run stops.
 *
 * description: OpenMP: a nested team inside a checked region is not armed; the outer team stays armed after it
 * compile-flags: -fopenmp
 * expect-warning: 42 omp-collective
 * expect-conditional: 41
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

void sync(void)
{
#pragma omp barrier
}

void inner(void)
{
#pragma omp parallel num_threads(2)
  sync();
}

int main(void)
{
  omp_set_max_active_levels(2);
#pragma omp parallel
  {
    inner();
    sync();
    if (omp_get_thread_num() == 0)
      sync();
  }
  printf("done\n");
  return 0;
}
