/* OpenMP: descend runs one orphaned barrier per level of recursion, as
 * many as its argument, and thread 0 asks for 2 levels where the others
 * ask for 3.  Within descend, the barrier and the recursive call depend
 * on the test of its parameter (line 30): one cause, one warning at the
 * barrier, whose path names the call.  The call in
 * main is not reported (its summary is one token, "what descend runs",
 * whatever the argument), but main's region calls a function whose
 * orphaned constructs are flagged, so the default, selective
 * instrumentation checks the region: descend's dormant checks are armed
 * and stop the run at thread 0's end of the region against the others'
 * third barrier, instead of the hang the program has without PARCOACH.
 * (recursive_orphaned_barriers_instrument_all.c: the same with
 * instrument=all.)
 *
 * description: OpenMP: a region calling a flagged function is checked, so the callee's dormant checks stop the run
 * compile-flags: -fopenmp
 * expect-warning: 32 omp-collective
 * expect-conditional: 30
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

int depth_reached[64];

void descend(int tid, int n)
{
  if (n == 0)
    return;
#pragma omp barrier
  depth_reached[tid]++;
  descend(tid, n - 1);
}

int main(void)
{
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    descend(tid, tid == 0 ? 2 : 3);
  }
  printf("%d\n", depth_reached[0]);
  return 0;
}
