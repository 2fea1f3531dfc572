/* OpenMP, thesis figure 3.9(c): explicit barriers 3 and 4 on the two
 * branches of a conditional (node 2), barrier 6 after the join, and the
 * implicit barrier 8 at the end.  The thesis computes the sequential
 * orders C0 = {3, 4}, C1 = {6}, C2 = {8}: at verbosity 0 (the default)
 * barriers are matched by their order, and PDF+(C0) is empty since every
 * path meets one of 3 and 4, so nothing is reported although the
 * conditional depends on the thread number.  At run time threads 0 and 1
 * meet in different barriers, which libgomp accepts: the program runs.
 * (With omp-verbosity=1, see thesis_fig3_9c_verbosity1.c.)
 *
 * description: thesis fig 3.9(c): barriers on both sides of a thread test, matched by order: silent at verbosity 0
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <omp.h>
#include <stdio.h>

int seen[64];

int main(void)
{
#pragma omp parallel num_threads(omp_get_max_threads() < 64 ? omp_get_max_threads() : 64)
  {
    int tid = omp_get_thread_num();
    if (tid % 2 == 0) {
      seen[tid] = 1;
#pragma omp barrier
    } else {
      seen[tid] = 2;
#pragma omp barrier
    }
    seen[tid] += 10;
#pragma omp barrier
  }
  printf("%d\n", seen[0]);
  return 0;
}
