/* Correct OpenMP: every iteration of a loop with a constant trip count
 * hits the barrier, so all threads meet it the same number of times.  The
 * thesis' control-flow analysis blames the loop condition; the value flow
 * proves it the same in every thread of the team (constants only): no
 * warning, and the program runs fine.
 *
 * description: OpenMP barrier in every iteration of a uniform loop: proved uniform, no warning, runs ok
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int counter = 0;
#pragma omp parallel shared(counter)
  {
#pragma omp atomic
    counter++;
    for (int step = 0; step < 3; step++) {
#pragma omp barrier
    }
  }
  printf("%d\n", counter);
  return counter > 0 ? 0 : 1;
}
