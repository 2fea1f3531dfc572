/* The erroneous twin of pointer_table_types_apart.c: the region also
 * writes the flags, through an `int' lvalue, so the types no longer keep
 * the flags apart from what the region writes.
 *
 * What is wrong: the master thread clears the first flag (line 33) while
 * the other threads may already have tested it (line 34): no barrier
 * orders the store and the reads.  The master, which sleeps first, reads
 * its own 0 and skips the worksharing loop of line 35 that the others,
 * having read 1, entered: they wait there forever without PARCOACH.
 * The conditional of line 34 is blamed; with 2 threads the run-time check
 * stops the program.
 *
 * description: twin of pointer_table_types_apart.c whose master writes the int flags: warned, stops
 * compile-flags: -fopenmp
 * expect-warning: 35 omp-collective
 * expect-conditional: 34
 * expect-run: 1 ok threads=1
 * expect-run: 1 stop threads=2
 */
#include <stdio.h>
#include <unistd.h>

void kernel(int nfields, int *fields, int n, double *flux)
{
  void *table[2];
  table[0] = fields;
  table[1] = flux;
#pragma omp parallel
  {
    int *flags = table[0];
    double *out = table[1];
#pragma omp master
    { usleep(1000000); flags[0] = 0; }  /* BUG: unordered with the reads */
    if (flags[0] == 1) {
#pragma omp for
      for (int i = 0; i < n; ++i)
        out[i] = 2.0 * i;
    }
  }
}

int main(void)
{
  int fields[3] = {1, 0, 1};
  double flux[30] = {0};
  kernel(3, fields, 10, flux);
  printf("flux[9] = %g\n", flux[9]);
  return 0;
}
