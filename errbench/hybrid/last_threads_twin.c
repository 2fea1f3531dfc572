/* Twin of hybrid/last_thread_communicates.c with a bug: the test is
 * `tid >= nthreads - 2', so with 3 threads the last two both call
 * MPI_Allreduce on one communicator in the same phase: erroneous at
 * every thread level, MPI_THREAD_MULTIPLE included.  Warned; stopped
 * with 3 threads when the second one reaches the call; with 1 thread
 * it completes.
 *
 * description: twin of hybrid/last_thread_communicates.c: `tid >= nthreads - 2' sends two threads to the Allreduce
 * compile-flags: -fopenmp
 * expect-warning: 30 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=3
 * expect-stop-message: of the same team reached it too since the last barrier
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int provided, rank;
  double local = 1.0, global = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
    if (tid >= nthreads - 2) /* the bug: two threads */
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("global %g\n", global);
  MPI_Finalize();
  return 0;
}
