/* Fence halo exchange for the cost of the RMA tracking (rma_overhead.sh):
   each process owns RMA_HALO_N doubles plus one ghost on each side in a
   window (a 1-D Jacobi smoother on a periodic ring).  Every iteration
   averages each cell with its neighbours (ghosts included), then between
   two MPI_Win_fence calls puts its edge cells into its neighbours' ghosts
   and gets its right neighbour's first cell.  After a
   warm-up, it prints the largest time over the processes of the whole run
   and the median time of one iteration (the largest over the processes)
   in microseconds, and a checksum that both builds must agree on.  */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef RMA_HALO_N
#define RMA_HALO_N 64
#endif
#ifndef RMA_HALO_ITERATIONS
#define RMA_HALO_ITERATIONS 20000
#endif

static int compare(const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  int rank, size, it, i;
  double *cells, *next = malloc((RMA_HALO_N + 2) * sizeof(double)), got = 0.0, checksum = 0.0, all_checksum = 0.0;
  double *times = malloc(RMA_HALO_ITERATIONS * sizeof(double));
  double *slowest = malloc(RMA_HALO_ITERATIONS * sizeof(double));
  double start, total, max_total;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  MPI_Win_allocate((RMA_HALO_N + 2) * sizeof(double), sizeof(double),
                   MPI_INFO_NULL, MPI_COMM_WORLD, &cells, &win);
  for (i = 0; i < RMA_HALO_N + 2; i++)
    cells[i] = rank + 0.001 * i;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  for (it = -100; it < RMA_HALO_ITERATIONS; it++) {
    double t0 = MPI_Wtime();
    for (i = 1; i <= RMA_HALO_N; i++)
      next[i] = (cells[i - 1] + cells[i] + cells[i + 1]) / 3.0 + 1e-3;
    for (i = 1; i <= RMA_HALO_N; i++)
      cells[i] = next[i];
    MPI_Win_fence(0, win);
    MPI_Put(&cells[1], 1, MPI_DOUBLE, left, RMA_HALO_N + 1, 1, MPI_DOUBLE, win);
    MPI_Put(&cells[RMA_HALO_N], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
    MPI_Get(&got, 1, MPI_DOUBLE, right, 1, 1, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
    checksum += cells[0] + cells[RMA_HALO_N + 1] + got;
    if (it >= 0)
      times[it] = MPI_Wtime() - t0;
    if (it == -1) {
      MPI_Barrier(MPI_COMM_WORLD);
      start = MPI_Wtime();
    }
  }
  total = MPI_Wtime() - start;
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  MPI_Reduce(times, slowest, RMA_HALO_ITERATIONS, MPI_DOUBLE, MPI_MAX, 0,
             MPI_COMM_WORLD);
  MPI_Reduce(&total, &max_total, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&checksum, &all_checksum, 1, MPI_DOUBLE, MPI_SUM, 0,
             MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(slowest, RMA_HALO_ITERATIONS, sizeof(double), compare);
    printf("run %.4f s iteration-median %.2f us checksum %.6e\n", max_total,
           1e6 * slowest[RMA_HALO_ITERATIONS / 2], all_checksum);
  }
  MPI_Win_free(&win);
  free(times);
  free(next);
  free(slowest);
  MPI_Finalize();
  return 0;
}
