/* Robustness (compiled with -fopenmp): combined parallel worksharing
 * constructs, which run.sh also compiles with instrument=all, so that run-time
 * checks are put between the parallel and its worksharing construct. */
#include <stdio.h>
int main(void) {
  double a[100];
#pragma omp parallel for
  for (int i = 0; i < 100; i++) a[i] = i;
#pragma omp parallel for schedule(dynamic) reduction(+:a[0:1])
  for (int i = 0; i < 100; i++) a[0] += i;
#pragma omp parallel sections
  {
#pragma omp section
    a[1] = 1;
#pragma omp section
    a[2] = 2;
  }
  printf("%g\n", a[0]);
  return 0;
}
