/* Thesis figure 2.1, Example 4 (= figure 4.1 code 2): two MPI_Reduce in
 * single regions, the first with nowait: concurrent monothreaded regions
 * (Lemma 5; figure 4.5(a)).  MPI_THREAD_MULTIPLE would be needed even on
 * two communicators; here they share one, which is erroneous.
 *
 * description: thesis fig. 2.1 example 4 = fig. 4.1 code 2: single nowait then single, concurrent reductions
 * compile-flags: -fopenmp
 * expect-warning: 27 concurrent-collectives
 * expect-warning: 35 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>
#include <unistd.h>

void f(int *in, int *out)
{
#pragma omp parallel
  {
#pragma omp single nowait
    {
      usleep(100000); /* makes it likely that another thread takes the next single */
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
