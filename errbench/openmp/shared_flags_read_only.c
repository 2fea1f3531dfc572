/* OpenMP: a kernel's region tests shared data the region never writes.
 *
 * The shape of a hydrodynamics code's C kernel, called from Fortran with
 * its arrays: every thread of the team walks the fields, and a field
 * whose flag is 1 gets a worksharing loop.  `fields' is an `int *'
 * parameter; the region writes only `flux', a `double' array.  Every
 * thread reads the same flags (the region does not change them), so every
 * thread meets the same worksharing loops.  The region's shared variables
 * reach it through one record (.omp_data_o): its pointer fields are told
 * apart, so a store through `flux' is not taken for a store through
 * `fields'.  Correct: no warning, no check.
 *
 * description: OpenMP: `if (fields[k] == 1) { omp for }', fields an int * parameter the region only reads: silent
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <stdio.h>

void kernel(int nfields, const int *fields, int n, const double *u, double *flux)
{
#pragma omp parallel
  {
    for (int k = 0; k < nfields; ++k) {
      if (fields[k] == 1) {
#pragma omp for
        for (int i = 0; i < n; ++i)
          flux[k * n + i] = 2.0 * u[k * n + i];
      }
    }
  }
}

int main(void)
{
  int fields[3] = {1, 0, 1};
  double u[30], flux[30] = {0};
  for (int i = 0; i < 30; ++i)
    u[i] = i;
  kernel(3, fields, 10, u, flux);
  printf("flux[29] = %g, flux[19] = %g\n", flux[29], flux[19]);
  return flux[29] == 58.0 && flux[19] == 0.0 ? 0 : 1;
}
