/* Collectives that only one thread at a time can reach, under
 * MPI_THREAD_SERIALIZED: every thread of the team enters a critical
 * region (then code holding an OpenMP lock), and the first one to get
 * there makes the reduction for the process (`done' is set under the
 * same mutual exclusion), so each process calls MPI_Allreduce once per
 * region, one thread at a time.  Critical regions of one name, and code
 * holding one lock, never run at once: no warning that several threads
 * call the collective at once, no MULTIPLE needed, no run-time stop.  (The
 * barrier between the two parts orders them: the regions of the critical
 * name and of the lock do not exclude each other.)  The two `if (!done)'
 * tests read shared data the team writes, which the value flow cannot
 * prove the same on every process: two conservative collective-mismatch
 * warnings, whose checks pass at run time (one reduction per process).
 *
 * description: collectives in critical regions and under omp_set_lock/omp_unset_lock, reached once per process: correct
 * compile-flags: -fopenmp
 * expect-warning: 41 collective-mismatch
 * expect-warning: 48 collective-mismatch
 * expect-conditional: 40
 * expect-conditional: 47
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, done = 0, locked_done = 0;
  double local = 1.0, total = 0.0, again = 0.0;
  omp_lock_t lock;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  omp_init_lock(&lock);
#pragma omp parallel shared(done, locked_done, local, total, again, lock)
  {
#pragma omp critical(reduction)
    {
      if (!done) {
        MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        done = 1;
      }
    }
#pragma omp barrier
    omp_set_lock(&lock);
    if (!locked_done) {
      MPI_Allreduce(&total, &again, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      locked_done = 1;
    }
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  printf("%g %g\n", total, again);
  MPI_Finalize();
  return 0;
}
