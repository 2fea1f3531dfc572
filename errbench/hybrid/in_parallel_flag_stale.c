/* Twin of hybrid/in_parallel_dispatch_runs.c with a bug: the routine
 * takes the answer of omp_in_parallel () as a parameter, and main asks
 * before it opens the parallel region, where the answer is false.  Every
 * thread of the team then takes the sequential branch and calls
 * MPI_Allreduce at once on one communicator: erroneous at every thread
 * level.  Warned, and stopped with 2 threads or more.
 *
 * description: twin of hybrid/in_parallel_dispatch_runs.c: omp_in_parallel () asked outside the region and passed in, every thread of the team reduces
 * compile-flags: -fopenmp
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 23
 * expect-warning: 41 thread-level
 * expect-run: 2 stop threads=3
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

static double reduced;

static void global_sum(double v, int in_parallel) {
  if (in_parallel) {
#pragma omp barrier
#pragma omp master
    MPI_Allreduce(&v, &reduced, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
  } else {
    MPI_Allreduce(&v, &reduced, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
}

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int in_parallel = omp_in_parallel();
  global_sum(1.0, in_parallel);
  double sequential = reduced;
#pragma omp parallel
  global_sum(2.0, in_parallel);
  if (rank == 0)
    printf("sums %g %g\n", sequential, reduced);
  MPI_Finalize();
  return 0;
}
