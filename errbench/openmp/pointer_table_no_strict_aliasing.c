/* OpenMP: pointer_table_types_apart.c compiled with -fno-strict-aliasing.
 *
 * That option says the code relies on type punning, so PARCOACH does not
 * use the language's aliasing rules: the store through `out' (line 32) may
 * then change the flags read at line 29, and the worksharing loop of line
 * 30 is flagged, conservatively.  The run-time check finds every thread
 * agreeing: the program runs to the end.
 *
 * description: pointer_table_types_apart.c under -fno-strict-aliasing: no type reasoning, conservative warning, runs fine
 * compile-flags: -fopenmp -fno-strict-aliasing
 * expect-warning: 30 omp-collective
 * expect-conditional: 29
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <stdio.h>

void kernel(int nfields, int *fields, int n, double *flux)
{
  void *table[2];
  table[0] = fields;
  table[1] = flux;
#pragma omp parallel
  {
    const int *flags = table[0];
    double *out = table[1];
    for (int k = 0; k < nfields; ++k) {
      if (flags[k] == 1) {
#pragma omp for
        for (int i = 0; i < n; ++i)
          out[k * n + i] = 2.0 * i;
      }
    }
  }
}

int main(void)
{
  int fields[3] = {1, 0, 1};
  double flux[30] = {0};
  kernel(3, fields, 10, flux);
  printf("flux[29] = %g, flux[19] = %g\n", flux[29], flux[19]);
  return flux[29] == 18.0 && flux[19] == 0.0 ? 0 : 1;
}
