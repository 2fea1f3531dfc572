/* Correct OpenMP: thread 0 calls two_barriers, whose two orphaned barriers
 * match the two barriers the other threads run inline.  The summaries
 * (Algorithm 18) make both branches run [barrier, barrier]: silent.  With
 * instrument=all the region is checked anyway, so the callee's dormant
 * checks are armed: each of its barriers is checked against the inline
 * barrier of the same order, and they agree (a call running
 * [barrier, barrier] matches two barriers written inline).
 *
 * description: OpenMP, instrument=all: a call running two barriers against two inline barriers must run
 * compile-flags: -fopenmp
 * plugin-args: instrument=all
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

int stage[64];

void two_barriers(int tid)
{
  stage[tid] = 1;
#pragma omp barrier
  stage[tid] = 2;
#pragma omp barrier
}

int main(void)
{
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    if (tid == 0) {
      two_barriers(tid);
    } else {
      stage[tid] = 1;
#pragma omp barrier
      stage[tid] = 2;
#pragma omp barrier
    }
  }
  printf("stage %d\n", stage[0]);
  return 0;
}
