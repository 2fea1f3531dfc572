/* FUNNELED pipeline in the style of hybrid solvers that dedicate the
 * main thread to communication: in each step, the threads whose number
 * is above 0 relax their part of the grid while thread 0 reduces the
 * previous residual with MPI_Allreduce.  The tests are written on the
 * workers' side, as such codes often do: `if (omp_get_thread_num () > 0)
 * compute; else communicate;', and `tid < 1' for the halo exchange.  A
 * thread number is never negative (OpenMP 5.2, omp_get_thread_num: 0 to
 * the team's size - 1), so both send thread 0 alone, the thread that
 * initialised MPI, to the MPI calls: one thread per process at a time,
 * which FUNNELED permits.  Nothing to warn, nothing to stop.
 *
 * description: FUNNELED: MPI calls in the else of `omp_get_thread_num () > 0' and under `tid < 1', the other threads computing
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 512

static double grid[N + 2];

int main(int argc, char **argv) {
  int provided, rank, size;
  double residual = 1.0, global = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N + 2; ++i)
    grid[i] = rank + i % 7;
  for (int step = 0; step < 10; ++step) {
#pragma omp parallel
    {
      int tid = omp_get_thread_num(), workers = omp_get_num_threads() - 1;
      if (omp_get_thread_num() > 0) {
        for (int i = tid; i <= N; i += workers)
          grid[i] = 0.5 * grid[i] + 0.25 * (grid[i - 1] + grid[i + 1]);
      } else {
        MPI_Allreduce(&residual, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      }
#pragma omp barrier
      if (tid < 1) {
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        MPI_Sendrecv(&grid[N], 1, MPI_DOUBLE, right, 0, &grid[0], 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        residual = grid[N / 2] * 1e-3;
      }
    }
  }
  if (rank == 0)
    printf("residual %g\n", global);
  MPI_Finalize();
  return 0;
}
