/* OpenMP: a function other files may call (so its parameters may differ
 * between the threads of a team that calls it) forks a team of its own,
 * whose loop runs `steps' times around a worksharing loop and a single
 * region.  Every thread of the new team reads the same `steps' and `n'
 * (firstprivate copies of what the encountering thread had), and the team
 * writes neither: every thread makes the same number of iterations and
 * meets the same constructs.  Correct: no warning, no check.
 *
 * description: OpenMP: loop bounds from a public function's parameters, inside the team it forks
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <stdio.h>

void relax(int steps, int n, double *u, double *next, double *residual)
{
#pragma omp parallel
  {
    for (int step = 0; step < steps; ++step) {
#pragma omp for
      for (int i = 1; i < n - 1; ++i)
        next[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma omp single
      {
        double r = 0.0;
        for (int i = 1; i < n - 1; ++i) {
          r += (next[i] - u[i]) * (next[i] - u[i]);
          u[i] = next[i];
        }
        *residual = r;
      }
    }
  }
}

int main(void)
{
  double u[64] = {0}, next[64] = {0}, residual = 0.0;
  u[63] = 1.0;
  relax(50, 64, u, next, &residual);
  printf("%g\n", residual);
  return 0;
}
