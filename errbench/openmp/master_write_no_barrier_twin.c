/* The erroneous twin of the master-writes-then-barrier idiom
 * (correct/hybrid_cg_funneled.c): here no barrier separates the master's
 * write of `stop' from the other threads' test of it.
 *
 * What is wrong: the master sets `stop' while the other threads may
 * already test it (a data race): some threads leave the loop at line 32
 * after the first iteration, others run the barrier of line 34 again, and
 * the team disagrees on its barriers.  The test is blamed for the barrier.
 * (The compile-time checks only: the run may hang or not, depending on
 * the interleaving.)
 *
 * description: OpenMP: a shared flag the master writes without a barrier before the threads test it: warned
 * compile-flags: -fopenmp
 * expect-warning: 34 omp-collective
 * expect-conditional: 32
 */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int stop = 0, rounds = 0;
#pragma omp parallel shared(stop, rounds)
  {
    for (;;) {
#pragma omp master
      {
        rounds++;
        stop = rounds >= 1;
      }
      /* BUG: no barrier here, the other threads may read `stop' early */
      if (stop)
        break;
#pragma omp barrier
    }
  }
  printf("%d\n", rounds);
  return 0;
}
