/* OpenMP (thesis Algorithm 18) with the callees defined after their caller.
 * GCC lowers main first, so PARCOACH can only know what exchange_halo and
 * smooth run once the whole file is lowered: the teams are analysed then.
 *
 * exchange_halo holds an orphaned barrier, and only thread 0 calls it (line
 * 35, under the thread test of line 34): a warning at the call.  Every
 * thread then calls smooth (line 36), whose orphaned `for' is correct.
 * With 2 threads, thread 0 would wait in exchange_halo's barrier while the
 * other reaches smooth's `for': the run-time check before the call of line
 * 35 sees one thread about to run a barrier and the other a `for', and
 * stops the run.
 *
 * description: OpenMP: orphaned barrier in a callee defined after its caller, called by one thread only
 * compile-flags: -fopenmp
 * expect-warning: 35 omp-collective
 * expect-conditional: 34
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 * expect-run: 1 stop threads=4
 */
#include <omp.h>
#include <stdio.h>

void exchange_halo(double *grid);
void smooth(double *grid);

int main(void)
{
  double grid[64] = {0};

#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t == 0)
      exchange_halo(grid);
    smooth(grid);
  }
  printf("grid[0] = %g\n", grid[0]);
  return 0;
}

void exchange_halo(double *grid)
{
  grid[0] += 1.0;
#pragma omp barrier
}

void smooth(double *grid)
{
#pragma omp for
  for (int i = 1; i < 63; ++i)
    grid[i] = 0.5 * (grid[i - 1] + grid[i + 1]);
}
