/* Value flow between threads (OpenMP): what differs between the threads
 * of a team, and what does not.
 *
 * The loop bound `n' is a firstprivate copy of a value set before the
 * region: every thread gets the same one, so the barrier in the loop
 * (line 35) is reached the same number of times by all (no warning).  The
 * thread number differs between threads: only the even threads reach the
 * barrier of line 38.  `done' is shared and written by the threads
 * (atomically) inside the region: a thread may read it before or after
 * the others' writes, so the test of line 42 may differ too.  With two
 * threads, thread 1 skips the barrier of line 38 and the run stops.
 *
 * description: OpenMP value flow: firstprivate bound (no warning), thread number and shared counter (warnings)
 * compile-flags: -fopenmp
 * expect-warning: 38 omp-collective
 * expect-warning: 43 omp-collective
 * expect-conditional: 37
 * expect-conditional: 42
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int n = 3, done = 0, i;

  (void)argv;
  if (argc > 5)
    n = 4;
#pragma omp parallel firstprivate(n) shared(done) private(i)
  {
    for (i = 0; i < n; i++) {
#pragma omp barrier
    }
    if (omp_get_thread_num() % 2 == 0) {
#pragma omp barrier
    }
#pragma omp atomic
    done++;
    if (done > 1) {
#pragma omp barrier
    }
  }
  printf("%d\n", done);
  return 0;
}
