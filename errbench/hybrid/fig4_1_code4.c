/* Thesis figure 4.1, Code 4: inside the single region, the thread calls
 * MPI_Allreduce only if a rank-dependent condition holds (category 3 of
 * figure 4.2): a collective mismatch between processes, blamed on the
 * `if', never on the single's own thread test.  The placement (word PS)
 * suits MPI_THREAD_SERIALIZED.
 *
 * description: thesis fig. 4.1 code 4: rank-dependent collective inside a single region
 * compile-flags: -fopenmp
 * expect-warning: 23 collective-mismatch
 * expect-conditional: 22
 * expect-run: 2 stop threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>

void f(int rank, int *in, int *out)
{
#pragma omp parallel
  {
#pragma omp single
    {
      if (rank == 0)
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
