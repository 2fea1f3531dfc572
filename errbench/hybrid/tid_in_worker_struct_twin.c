/* Twin of hybrid/tid_in_worker_struct.c with a bug: the step routine
 * tests `w->tid >= 0', true in every thread, so every thread of the team
 * calls MPI_Allreduce, under MPI_THREAD_FUNNELED, at once on one
 * communicator.  Warned; with 3 threads the run stops at the first
 * thread other than the main one to reach the reduction inside the call
 * (or at the second thread to reach it); with 1 thread it completes.
 *
 * description: twin of hybrid/tid_in_worker_struct.c: `w->tid >= 0' sends every thread to the Allreduce
 * compile-flags: -fopenmp
 * expect-warning: 41 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=3
 * expect-stop-message: in the call to step at
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

struct worker {
  int tid, nthreads;
  double partial;
};

static void step(struct worker *w, double *residual, MPI_Comm comm) {
  w->partial = 1.0 / (w->tid + 1);
  if (w->tid >= 0) /* the bug: every thread */
    MPI_Allreduce(MPI_IN_PLACE, residual, 1, MPI_DOUBLE, MPI_MAX, comm);
}

int main(int argc, char **argv) {
  int provided, rank;
  double residual = 1.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  residual += rank;
#pragma omp parallel
  {
    struct worker w;
    w.tid = omp_get_thread_num();
    w.nthreads = omp_get_num_threads();
    step(&w, &residual, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("residual %g\n", residual);
  MPI_Finalize();
  return 0;
}
