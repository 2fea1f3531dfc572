/* Thesis figure 2.1, Example 3 "called itself in a parallel construct":
 * with -fplugin-arg-parcoach-context=parallel every function but main is
 * analysed as called by every thread of a team, so f's single region is
 * nested (word PPS) and MPI_Allreduce is reached once per thread of the
 * caller's team.  main indeed calls f from a parallel region (line 39):
 * once the whole file is analysed, that call is reported too, since f
 * runs its collective in a parallel region of its own, not in a single or
 * master region that would keep the caller's threads out.  The run stops
 * with two or more threads, not with one.
 *
 * description: thesis fig. 2.1 example 3 called in parallel (context=parallel): PPS is multithreaded
 * compile-flags: -fopenmp
 * plugin-args: context=parallel
 * expect-warning: 27 thread-level
 * expect-warning: 39 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>

void f(int *in, int *out)
{
#pragma omp parallel
  {
#pragma omp single
    {
      MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
}

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel
  {
    int in = 1, out = 0;
    f(&in, &out);
  }
  MPI_Finalize();
  return 0;
}
