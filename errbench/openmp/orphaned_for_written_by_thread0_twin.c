/* The erroneous twin of correct_orphaned_for_global_bounds.c: the routine
 * itself changes the sweep count on thread 0, with no barrier between
 * that store and the other threads' read.
 *
 * What is wrong: thread 0 waits, then sets nsweeps to 5 (line 31); the
 * other threads have already copied the old value, 2 (line 33): thread 0
 * runs five sweeps, the others two, and they wait at the end of the
 * region while thread 0 waits in the implicit barrier of its third `for'
 * (a hang without PARCOACH; a data race besides).  The routine writes
 * nsweeps, so its read may differ between threads: the loop test of
 * line 34 is blamed for the `for' of line 35; with 2 threads the checks
 * stop the run.
 *
 * description: OpenMP: `if (omp_get_thread_num() == 0) nsweeps = 5;' before an orphaned loop, no barrier: warned, stops
 * compile-flags: -fopenmp
 * expect-warning: 35 omp-collective
 * expect-conditional: 34
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <omp.h>
#include <unistd.h>

int nsweeps = 2;
double u[1000];

void smooth(void)
{
  if (omp_get_thread_num() == 0) {
    usleep(300000);
    nsweeps = 5;
  }
  int sweeps = nsweeps;
  for (int sweep = 0; sweep < sweeps; ++sweep)
#pragma omp for
    for (int i = 1; i < 999; ++i)
      u[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

int main(void)
{
#pragma omp parallel
  smooth();
  return 0;
}
