/* OpenMP: an iterative solver routine with orphaned barriers reads its
 * configuration through a pointer parameter (`const struct config *'),
 * the way a library routine is called with its settings.  The routine
 * never writes the configuration (nor passes the pointer on), so every
 * thread of the calling team reads the same sweep count, size and
 * boundary flag: a write by the caller while the team reads them would be
 * a data race.  So every thread runs the same sweeps, each with the same
 * barriers and the same `single'.  Correct: no warning, no check, clean
 * runs.
 *
 * description: OpenMP: orphaned barriers in a loop over a config struct read through a pointer parameter: silent
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <stdio.h>

struct config {
  int max_sweeps;
  int n;
  int fixed_ends;
};

static double x[512], xnew[512], b[512];

void jacobi(const struct config *cfg)
{
  for (int sweep = 0; sweep < cfg->max_sweeps; ++sweep) {
#pragma omp for
    for (int i = 1; i < cfg->n - 1; ++i)
      xnew[i] = 0.5 * (b[i] + 0.5 * (x[i - 1] + x[i + 1]));
#pragma omp for nowait
    for (int i = 1; i < cfg->n - 1; ++i)
      x[i] = xnew[i];
    if (!cfg->fixed_ends) {
#pragma omp barrier
#pragma omp single
      {
        x[0] = x[1];
        x[cfg->n - 1] = x[cfg->n - 2];
      }
    }
#pragma omp barrier
  }
}

int main(void)
{
  struct config cfg = {200, 512, 0};
  for (int i = 0; i < cfg.n; ++i)
    b[i] = (i % 5) * 0.01;
#pragma omp parallel
  jacobi(&cfg);
  printf("x[3] %.6f\n", x[3]);
  return 0;
}
