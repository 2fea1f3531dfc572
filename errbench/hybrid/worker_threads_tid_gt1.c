/* Twin of correct/hybrid_worker_threads_tid_tests.c with a bug: the
 * workers' test is `omp_get_thread_num () > 1', so threads 0 and 1 both
 * take the else and call MPI_Allreduce at once on one communicator:
 * erroneous at every thread level (and under FUNNELED, thread 1 may not
 * call MPI at all).  Warned, and stopped with 3 threads.
 *
 * description: twin of correct/hybrid_worker_threads_tid_tests.c: `tid > 1' sends two threads to the Allreduce
 * compile-flags: -fopenmp
 * expect-warning: 37 thread-level
 * expect-run: 2 stop threads=3
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
      if (omp_get_thread_num() > 1) { /* the bug: threads 0 and 1 communicate */
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
