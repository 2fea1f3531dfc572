/* Thesis figure 2.1, Example 3: MPI_Allreduce in a single region (word
 * PS): MPI_THREAD_SERIALIZED is the minimum, and the program asks for it:
 * no warning, and the run is clean with any number of threads.
 *
 * description: thesis fig. 2.1 example 3: MPI_Allreduce in a single region, SERIALIZED
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>

void f(int *in, int *out)
{
#pragma omp parallel
  {
    *in += 0;
#pragma omp single
    {
      MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
}

int main(int argc, char **argv)
{
  int provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  f(&in, &out);
  MPI_Finalize();
  return 0;
}
