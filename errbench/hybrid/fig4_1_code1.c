/* Thesis figure 4.1, Code 1: MPI_Allreduce in a single region of a nested
 * parallel region (word PPS): one thread of each inner team calls it, as
 * many as the outer team has threads: erroneous at every level.  The run
 * stops as soon as the outer team has two threads (the inner teams have
 * one, since nested parallelism is off by default), and not with one.
 *
 * description: thesis fig. 4.1 code 1: single inside nested parallel regions (PPS)
 * compile-flags: -fopenmp
 * expect-warning: 23 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>

void f(int *in, int *out)
{
#pragma omp parallel
  {
#pragma omp parallel
    {
#pragma omp single
      MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
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
