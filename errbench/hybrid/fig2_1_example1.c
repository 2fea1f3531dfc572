/* Thesis figure 2.1, Example 1: MPI_Allreduce directly in a parallel
 * region: every thread calls it (word P), erroneous at every level.
 *
 * description: thesis fig. 2.1 example 1: MPI_Allreduce by every thread
 * compile-flags: -fopenmp
 * expect-warning: 17 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>

void f(int *in, int *out)
{
#pragma omp parallel
  {
    MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
}

int main(int argc, char **argv)
{
  int provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  f(&in, &out);
  MPI_Finalize();
  return 0;
}
