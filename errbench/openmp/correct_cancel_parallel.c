/* OpenMP cancellation (GCC's OpenMP testsuite, libgomp.c/cancel-parallel-*):
 * thread 0 cancels the region, one thread passes a cancellation point, and
 * the barrier and the worksharing loop come after.  GCC lowers each of
 * them to a call saying whether the region is cancelled and a branch to
 * the region's end: OpenMP 5.1 (2.20.1) sends every thread of the team
 * there at its next cancellation point (barriers included), so these
 * branches separate no threads for good.  With OMP_CANCELLATION=true the
 * region really is cancelled; without, cancel does nothing.
 *
 * description: cancel parallel, cancellation point and a barrier in a cancellable region
 * compile-flags: -fopenmp
 * expect-run: 1 ok threads=1
 * expect-run: 1 ok threads=2 repeat=3
 * expect-run: 1 ok threads=4 repeat=3
 * expect-run: 1 ok threads=4 repeat=3 OMP_CANCELLATION=true
 * expect-run-args: instrument=all
 */
#include <omp.h>
#include <stdio.h>

#define N 256

int main(void)
{
  static double a[N];
  int cancelled = 0;
#pragma omp parallel shared(cancelled)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp atomic write
      cancelled = 1;
#pragma omp cancel parallel
    }
    if (omp_get_thread_num() == 1) {
#pragma omp cancellation point parallel
    }
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < N; i++)
      a[i] = i;
  }
  printf("cancel requested: %d, a[1] = %g\n", cancelled, a[1]);
  return 0;
}
