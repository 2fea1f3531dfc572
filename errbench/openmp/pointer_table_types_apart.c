/* OpenMP: the flags and the results come out of one table of pointers,
 * so the analysis cannot tell which array each pointer of the region
 * points to.  But the region reads the flags through `const int *' and
 * writes only through `double *': in a valid C program a store through a
 * `double' lvalue never changes what an `int' lvalue reads (C11 6.5p7;
 * GCC's alias sets).  Every thread reads the same flags, and meets the
 * same worksharing loops.  The rules are applied at -O0 too (GCC leaves
 * -fstrict-aliasing off there only because it does not optimise); see
 * pointer_table_no_strict_aliasing.c for -fno-strict-aliasing.  Correct:
 * no warning, no check.
 *
 * description: OpenMP: int flags and double results behind one pointer table; types keep them apart: silent
 * compile-flags: -fopenmp
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
