/* Twin of correct/hybrid_thread_test_forms.c with a bug: the default
 * `tid = 0' is overwritten by the thread number only when the program got
 * an option (argc > 1), so in a plain run every thread keeps 0 and calls
 * MPI_Allreduce, at MPI_THREAD_FUNNELED, at once on one communicator.
 * The default reaches the test: warned; stopped with 3 threads (a thread
 * other than the main one in MPI, or a second thread at the call); with
 * 1 thread the run completes.
 *
 * description: twin of correct/hybrid_thread_test_forms.c: the default tid = 0 reaches the thread-0 test
 * compile-flags: -fopenmp
 * expect-warning: 31 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=3
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int provided, rank;
  double local = 1.0, sum = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  local += rank;
#pragma omp parallel
  {
    int tid = 0;
    if (argc > 1) /* the bug: the thread number only with an option */
      tid = omp_get_thread_num();
    if (tid == 0)
      MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("sum %g\n", sum);
  MPI_Finalize();
  return 0;
}
