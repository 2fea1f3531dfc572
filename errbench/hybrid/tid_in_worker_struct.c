/* FUNNELED: each thread keeps its number in a worker record; a step
 * routine every thread calls reduces only in thread 0 (`w->tid == 0'),
 * and the region itself communicates only where a helper that fills the
 * number through a pointer said thread 0.  Only the main thread calls
 * MPI: correct.  The compiler does not follow the thread number through
 * the record or the pointer and warns; the run-time checks stop only
 * what really happens (a second thread at a call, a thread other than
 * the main one under FUNNELED), so every run completes.
 *
 * description: FUNNELED: thread number kept in a struct field and filled through a pointer, thread 0 alone communicates
 * compile-flags: -fopenmp
 * expect-warning: 49 thread-level
 * expect-warning: 52 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

struct worker {
  int tid, nthreads;
  double partial;
};

static void thread_id(int *tid) { *tid = omp_get_thread_num(); }

static void step(struct worker *w, double *residual, MPI_Comm comm) {
  w->partial = 1.0 / (w->tid + 1);
  if (w->tid == 0)
    MPI_Allreduce(MPI_IN_PLACE, residual, 1, MPI_DOUBLE, MPI_MAX, comm);
}

int main(int argc, char **argv) {
  int provided, rank;
  double residual = 1.0, energy = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  residual += rank;
#pragma omp parallel
  {
    struct worker w;
    int tid;
    w.tid = omp_get_thread_num();
    w.nthreads = omp_get_num_threads();
    thread_id(&tid);
    for (int it = 0; it < 4; ++it) {
      step(&w, &residual, MPI_COMM_WORLD);
#pragma omp barrier
      if (tid == 0)
        MPI_Allreduce(&w.partial, &energy, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
    }
  }
  if (rank == 0)
    printf("residual %g energy %g\n", residual, energy);
  MPI_Finalize();
  return 0;
}
