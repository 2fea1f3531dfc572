/* A reduction routine of a hybrid library, usable inside and outside
 * parallel regions (FUNNELED): inside an active region, the master
 * thread reduces between two barriers; outside, the caller reduces
 * directly.  When omp_in_parallel () is false no active region encloses
 * the thread, so it runs alone, as thread 0 of every team around it: the
 * main thread (OpenMP 5.2, omp_in_parallel).  The program calls the
 * routine once sequentially and once from every thread of a team, and
 * each process makes one MPI_Allreduce per call.
 * The two branches are still warned, since omp_in_parallel's result may
 * differ between processes (their environments may size their teams
 * differently) and the analysis does not match the master's MPI_Allreduce
 * with the other one; but the run-time checks must let it run, with any
 * number of threads.
 *
 * description: FUNNELED: `if (omp_in_parallel ()) { barrier; master: Allreduce; barrier } else Allreduce', called sequentially and from a team: runs clean
 * compile-flags: -fopenmp
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 30
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

static double reduced;

static void global_sum(double v) {
  if (omp_in_parallel()) {
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
  global_sum(1.0);
  double sequential = reduced;
#pragma omp parallel
  global_sum(2.0);
  if (rank == 0)
    printf("sums %g %g\n", sequential, reduced);
  MPI_Finalize();
  return 0;
}
