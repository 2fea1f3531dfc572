/* Collectives inside `#pragma omp ordered' of a worksharing loop, under
 * MPI_THREAD_SERIALIZED: the ordered regions of one loop run one after
 * the other, in the order of the iterations, whichever thread runs each
 * iteration.  So one thread at a time calls MPI (SERIALIZED is enough),
 * and every process calls the collectives in the same order (iteration 0's
 * MPI_Allreduce, then iteration 1's...).  The second loop's ordered region
 * holds two collectives; the third loop is a combined `parallel for'.
 * Correct: no warning, no run-time stop.
 *
 * description: collectives in `omp ordered' regions of worksharing loops under SERIALIZED: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

#define N 8

int main(int argc, char **argv)
{
  int provided, i, in[N], out[N], sums[N];
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  for (i = 0; i < N; i++)
    in[i] = i;
#pragma omp parallel shared(in, out, sums)
  {
#pragma omp for ordered schedule(dynamic, 1)
    for (i = 0; i < N; i++) {
      in[i] *= 2;
#pragma omp ordered
      MPI_Allreduce(&in[i], &out[i], 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
#pragma omp for ordered schedule(static, 1)
    for (i = 0; i < N; i++) {
#pragma omp ordered
      {
        MPI_Allreduce(&out[i], &sums[i], 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Bcast(&out[i], 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
    }
  }
#pragma omp parallel for ordered
  for (i = 0; i < N; i++) {
#pragma omp ordered
    MPI_Bcast(&sums[i], 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  printf("%d %d %d\n", out[N - 1], sums[0], sums[N - 2]);
  MPI_Finalize();
  return 0;
}
