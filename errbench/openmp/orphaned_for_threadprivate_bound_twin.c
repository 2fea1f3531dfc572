/* The erroneous twin of correct_orphaned_for_global_bounds.c: the sweep
 * count is threadprivate, and each thread of the team sets its own copy.
 *
 * What is wrong: thread 0 runs one sweep, the others two, so thread 0
 * leaves `smooth' and reaches the end of the region while the others wait
 * in the implicit barrier of the `for' of their second sweep (a hang
 * without PARCOACH).  A threadprivate variable has one copy per thread:
 * the loop test of line 27 is blamed for the `for' of line 28.  The
 * region calling the flagged routine is checked, so the routine's
 * dormant checks stop the run with 2 threads.
 *
 * description: OpenMP: orphaned `for' in a loop over a threadprivate sweep count: warned, stops
 * compile-flags: -fopenmp
 * expect-warning: 28 omp-collective
 * expect-conditional: 27
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <omp.h>

int nsweeps;
#pragma omp threadprivate(nsweeps)
double u[1000];

void smooth(void)
{
  for (int sweep = 0; sweep < nsweeps; ++sweep)
#pragma omp for
    for (int i = 1; i < 999; ++i)
      u[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

int main(void)
{
#pragma omp parallel
  {
    nsweeps = omp_get_thread_num() == 0 ? 1 : 2;
    smooth();
  }
  return 0;
}
