/* The FUNNELED idiom without a master directive: between two barriers of
 * a parallel region, `if (omp_get_thread_num () == 0)' (here through a
 * private variable, and once directly) calls MPI_Allreduce.  Thread 0 of
 * a team that the initial thread forks is the main thread, so only the
 * main thread calls MPI, which MPI_THREAD_FUNNELED allows, and one thread
 * at a time, so the collectives are never concurrent.  The barriers order
 * the two reductions and the reads of their results.  Correct: no
 * warning, no run-time stop, whatever the number of threads.
 *
 * description: `if (omp_get_thread_num () == 0)' collectives between barriers under FUNNELED: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided;
  double local = 1.0, total = 0.0, again = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#pragma omp parallel shared(local, total, again)
  {
    int tid = omp_get_thread_num();
#pragma omp barrier
    if (tid == 0)
      MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      local = total;
      MPI_Allreduce(&local, &again, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
#pragma omp barrier
  }
  printf("%g %g\n", total, again);
  MPI_Finalize();
  return 0;
}
