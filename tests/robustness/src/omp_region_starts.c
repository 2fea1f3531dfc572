/* Robustness (compiled with -fopenmp): where the start of a checked
 * parallel region is marked and its orphaned constructs get dormant
 * checks.  Bodies that start with a loop (the mark goes on a split edge),
 * that never reach their end, combined and nested regions, cancellation,
 * and functions mixing orphaned constructs with regions of their own. */
#include <omp.h>
#include <stdlib.h>

void orphans(double *v, int n)
{
  if (n > 2) {
#pragma omp barrier
  }
#pragma omp for
  for (int i = 0; i < n; ++i)
    v[i] += 1.0;
#pragma omp single
  v[0] = 0.0;
#pragma omp sections
  {
#pragma omp section
    v[1] = 1.0;
#pragma omp section
    v[2] = 2.0;
  }
#pragma omp parallel
  {
    if (omp_get_thread_num() == 1) {
#pragma omp barrier
    }
  }
}

void body_starts_with_loop(double *v, int n)
{
#pragma omp parallel
  {
    while (v[0] < n) {
      if (omp_get_thread_num() == 0)
        orphans(v, n);
#pragma omp barrier
      v[0] += 1.0;
    }
  }
}

void body_starts_with_do_loop(double *v, int n)
{
#pragma omp parallel
  do {
    if (omp_get_thread_num() == n)
      orphans(v, n);
  } while (v[0]-- > 0);
}

void body_never_ends(double *v, int n)
{
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      orphans(v, n);
    for (;;) {
      if (v[0] > n)
        exit(1);
    }
  }
}

void combined_and_nested(double *v, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = i;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num())
      orphans(v, n);
#pragma omp parallel
    {
      if (omp_get_thread_num() > 1)
        orphans(v, n);
    }
  }
}

void cancelled(double *v, int n)
{
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel if (n > 3)
      orphans(v, n);
    }
#pragma omp barrier
  }
}

void empty_bodies(void)
{
#pragma omp parallel
  {
  }
#pragma omp parallel
  {
#pragma omp barrier
  }
}

void recursive(double *v, int n)
{
  if (n <= 0)
    return;
#pragma omp barrier
  recursive(v, n - 1);
#pragma omp parallel if (n > 5)
  {
    if (omp_get_thread_num() == 0)
      recursive(v, n - 2);
  }
}
