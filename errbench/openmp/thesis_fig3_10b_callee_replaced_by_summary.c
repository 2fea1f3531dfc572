/* OpenMP, thesis figure 3.10(b): main's OMPCFG (listing 2.6) after the
 * call to F is replaced by what F runs (Algorithm 18).  F holds no
 * directive itself: its callee G holds one orphaned barrier, so F's
 * summary is [barrier] (node 5), and the end of the region is the
 * implicit barrier node 7.  The thesis computes C0 = {5}, C1 = {7} and
 * PDF+(C0) = {4}: the thread test (node 4) is blamed, and the warning is
 * at the call to F.
 *
 * At run time the region is checked; the call itself gets no check, but
 * G's barrier has a dormant check, armed in this region: thread 0 is about
 * to run G's barrier while the others reach the end of the region, and the
 * run stops (without PARCOACH, thread 0 would wait in the barrier of G
 * with the others at the end of the region, then hang alone there).
 *
 * description: thesis fig 3.10(b): main after F (calling G, one orphaned barrier) is replaced by its summary
 * compile-flags: -fopenmp
 * expect-warning: 45 omp-collective
 * expect-conditional: 44
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

double field[64];

void G(int tid)
{
  field[tid] += 1.0;
#pragma omp barrier
}

void F(int tid)
{
  G(tid);
}

int main(void)
{
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    if (tid < omp_get_num_threads() / 2)
      F(tid);
  }
  printf("%g\n", field[0]);
  return 0;
}
