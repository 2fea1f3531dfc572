/* OpenMP: a solver routine of the file, run by the team of a parallel
 * region elsewhere, whose orphaned worksharing loops are bounded by
 * globals it only reads (a grid size and a sweep count set up before the
 * region).  `smooth' is public: another file could call it from any team,
 * and `n' and `nsweeps' are public too.  Every thread of a team calling
 * it reads the same n and nsweeps: no code of the file writes them in a
 * team, and a write by other code while the team reads them would be a
 * data race (not a correct program).  So every thread runs the same
 * number of sweeps, each with its `for' and a barrier.  Correct: no
 * warning, no check, clean runs.
 *
 * description: OpenMP: orphaned `for' in a loop over a global sweep count the routine only reads: silent
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <stdio.h>

#define MAXN 4096
int n, nsweeps;
double u[MAXN], unew[MAXN];

void smooth(void)
{
  if (n < 3)
    return;
  for (int sweep = 0; sweep < nsweeps; ++sweep) {
#pragma omp for
    for (int i = 1; i < n - 1; ++i)
      unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma omp for
    for (int i = 1; i < n - 1; ++i)
      u[i] = unew[i];
  }
#pragma omp barrier
}

int main(void)
{
  n = 1000;
  nsweeps = 20;
  for (int i = 0; i < n; ++i)
    u[i] = i % 7;
#pragma omp parallel
  smooth();
  smooth(); /* also from sequential code: the constructs bind to a team of one */
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += u[i];
  printf("sum %.3f\n", sum);
  return 0;
}
