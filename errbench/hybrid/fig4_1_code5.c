/* Thesis figure 4.1, Code 5: the rank-dependent conditional is outside the
 * parallel region (line 2 of the thesis' code): only some processes reach
 * the single region's MPI_Allreduce.  A collective mismatch; the placement
 * suits MPI_THREAD_SERIALIZED.
 *
 * description: thesis fig. 4.1 code 5: rank-dependent conditional around a parallel region
 * compile-flags: -fopenmp
 * expect-warning: 21 collective-mismatch
 * expect-conditional: 17
 * expect-run: 2 stop threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>

void f(int rank, int *in, int *out)
{
  if (rank != 0) {
#pragma omp parallel
    {
#pragma omp single
      MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
}

int main(int argc, char **argv)
{
  int rank, provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank, &in, &out);
  MPI_Finalize();
  return 0;
}
