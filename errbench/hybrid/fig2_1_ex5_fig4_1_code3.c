/* Thesis figure 2.1, Example 5 (= figure 4.1 code 3): the implicit barrier
 * of the first single orders the two reductions (figure 4.5(b)):
 * MPI_THREAD_SERIALIZED is enough, no warning, clean runs.
 *
 * description: thesis fig. 2.1 example 5 = fig. 4.1 code 3: two singles ordered by the implicit barrier
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
#pragma omp single
    {
      MPI_Reduce(in, out, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
#pragma omp single
    {
      MPI_Reduce(in, out, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
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
