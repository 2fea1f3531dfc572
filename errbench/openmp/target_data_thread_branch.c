/* The erroneous twin of correct_standalone_directives.c: the body of
 * `target data' stays in the function, run by the threads of the team;
 * only thread 0 reaches the barrier in it.
 *
 * description: barrier under a thread test inside target data
 * compile-flags: -fopenmp
 * expect-warning: 24 omp-collective
 * expect-conditional: 23
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int b[4] = {0};
#pragma omp parallel
  {
#pragma omp target data map(tofrom: b)
    {
      if (omp_get_thread_num() == 0) {
#pragma omp barrier
      }
    }
  }
  printf("%d\n", b[0]);
  return 0;
}
