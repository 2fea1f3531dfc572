/* Orphaned OpenMP constructs in mutually recursive functions, defined after
   the parallel region that calls them, one of them through a pointer: the
   summaries (thesis Algorithm 18) must terminate and GCC must not crash.  */
#include <omp.h>

void descend_even(double *v, int depth);
void descend_odd(double *v, int depth);
void (*descend_hook)(double *, int) = descend_odd;

void
solve(double *v, int depth)
{
#pragma omp parallel
  {
    if (omp_get_thread_num() % 2)
      descend_even(v, depth);
    else
      descend_hook(v, depth);
#pragma omp barrier
  }
}

void
descend_even(double *v, int depth)
{
  if (depth <= 0)
    return;
#pragma omp for nowait
  for (int i = 0; i < 16; ++i)
    v[i] *= 0.5;
  descend_odd(v, depth - 1);
}

void
descend_odd(double *v, int depth)
{
  if (depth <= 0)
    return;
#pragma omp single
  v[0] += 1.0;
  descend_even(v, depth - 1);
  descend_odd(v, depth - 2);
}
