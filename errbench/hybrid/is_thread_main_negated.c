/* Twin of correct/hybrid_is_thread_main_guard.c: the test is negated, so
 * every thread but the main one calls MPI_Allreduce, at once, from the
 * routine the team calls: erroneous under FUNNELED and at every level
 * (two threads in a collective on one communicator).  Warned at the call
 * of the routine; with 3 threads the run stops there.
 *
 * description: FUNNELED, `!MPI_Is_thread_main' guarding an Allreduce in a routine every thread calls: several threads in the collective at once
 * compile-flags: -fopenmp
 * expect-warning: 29 thread-level
 * expect-run: 2 stop threads=3
 */
#include <mpi.h>
#include <stdio.h>

static void reduce_off_main_thread(double *value) {
  int main_thread;
  MPI_Is_thread_main(&main_thread);
  if (!main_thread)
    MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double energy = 1.0;
#pragma omp parallel
  {
    reduce_off_main_thread(&energy);
#pragma omp barrier
  }
  if (rank == 0)
    printf("energy %g\n", energy);
  MPI_Finalize();
  return 0;
}
