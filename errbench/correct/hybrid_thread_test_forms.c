/* Thread tests as real hybrid codes write them, each letting one thread
 * alone reach its MPI call: a default of 0 overwritten by the thread
 * number when OpenMP is on (`#ifdef _OPENMP'), a flag `master' holding
 * `omp_get_thread_num () == 0', the number converted to size_t, a named
 * constant `comm_thread', and, at MPI_THREAD_SERIALIZED, thread 1 (when
 * the team has one).  One thread at a time calls MPI, and the same
 * collectives run on every process in the same order (every process runs
 * teams of the same size): correct, no warning, no stop.
 *
 * description: SERIALIZED: thread tests through a default, a bool flag, size_t, a named constant, thread 1
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 3 ok threads=4
 */
#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static const int comm_thread = 0;

int main(int argc, char **argv) {
  int provided, rank;
  double local = 1.0, sum = 0.0, max = 0.0, checks[4] = {0};
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  local += rank;
#pragma omp parallel
  {
    int tid = 0, nthreads = 1;
#ifdef _OPENMP
    tid = omp_get_thread_num();
    nthreads = omp_get_num_threads();
#endif
    if (tid == 0)
      MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    const bool master = omp_get_thread_num() == 0;
    if (master)
      MPI_Allreduce(&local, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
#pragma omp barrier
    size_t me = (size_t)omp_get_thread_num();
    if (me == 0)
      MPI_Allreduce(MPI_IN_PLACE, &checks[0], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    if (omp_get_thread_num() == comm_thread)
      MPI_Allreduce(MPI_IN_PLACE, &checks[1], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    if (omp_get_thread_num() == 1) /* no such thread in a team of one */
      MPI_Allreduce(MPI_IN_PLACE, &checks[2], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("sum %g max %g\n", sum, max);
  MPI_Finalize();
  return 0;
}
