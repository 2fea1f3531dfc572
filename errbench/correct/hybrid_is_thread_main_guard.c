/* Library-style guards a hybrid code uses when it does not own MPI or its
 * threads: MPI_Initialized before MPI_Init_thread, MPI_Is_thread_main
 * around the collectives of a routine every thread of a FUNNELED team
 * calls (only the thread that initialised MPI passes the test: one per
 * process, MPI-4.0 11.6), and MPI_Finalized before MPI_Finalize (both
 * flags are the same on every process: MPI_Init and MPI_Finalize are
 * collective).  Nothing to warn, nothing to stop.
 *
 * description: FUNNELED, MPI_Is_thread_main guarding an Allreduce in a routine every thread calls; MPI_Initialized and MPI_Finalized guards: silent, runs clean
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 */
#include <mpi.h>
#include <stdio.h>

static void reduce_on_main_thread(double *value) {
  int main_thread;
  MPI_Is_thread_main(&main_thread);
  if (main_thread)
    MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int initialized, finalized, provided, rank;
  MPI_Initialized(&initialized);
  if (!initialized)
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double energy = 1.0;
#pragma omp parallel
  {
    reduce_on_main_thread(&energy);
#pragma omp barrier
  }
  if (rank == 0)
    printf("energy %g\n", energy);
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
  return 0;
}
