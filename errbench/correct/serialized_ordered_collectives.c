/* MPI_THREAD_SERIALIZED with collectives in an ordered region: the blocks
 * of a worksharing loop are computed in parallel, and each block's result
 * is reduced across processes inside `#pragma omp ordered'.  The ordered
 * regions of a loop run one at a time, in iteration order (OpenMP 5.1,
 * section 2.19.9), whichever thread runs the iteration: every process
 * issues the same collectives in the same order, never two at once, which
 * is what SERIALIZED asks.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED: MPI_Allreduce and MPI_Bcast inside the ordered region of a for loop
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define BLOCKS 16
#define WIDTH 512

static double block_value(int block, int rank)
{
  double s = 0.0;
  for (int i = 0; i < WIDTH; i++)
    s += (double)((block + 1) * (rank + 1)) / WIDTH;
  return s;
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  double sums[BLOCKS], roots[BLOCKS];

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel
  {
#pragma omp for ordered schedule(dynamic, 1)
    for (int b = 0; b < BLOCKS; b++) {
      double mine = block_value(b, rank);
#pragma omp ordered
      {
        MPI_Allreduce(&mine, &sums[b], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        roots[b] = rank;
        MPI_Bcast(&roots[b], 1, MPI_DOUBLE, b % size, MPI_COMM_WORLD);
      }
    }
  }

  for (int b = 0; b < BLOCKS; b++) {
    double expected = (b + 1) * size * (size + 1) / 2.0;
    if (sums[b] < expected - 1e-6 || sums[b] > expected + 1e-6 || roots[b] != b % size) {
      fprintf(stderr, "rank %d: block %d wrong\n", rank, b);
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
  }
  MPI_Finalize();
  return 0;
}
