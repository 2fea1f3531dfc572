/* SERIALIZED: the last thread of the team (`tid == nthreads - 1') does
 * the reduction while the others compute; then, in each of three regions,
 * the thread whose turn it is (`tid == (it + region) % nthreads')
 * broadcasts, one turn per barrier phase.  One thread at a time calls
 * MPI, and every process calls the same collectives in the same order:
 * correct at MPI_THREAD_SERIALIZED.  The first test lets one thread in (a
 * thread number equal to the team size minus one): silent.  The compiler
 * cannot tell that the second lets one thread alone through and warns;
 * at run time a check stops only when a second thread of the team
 * reaches the same call between two barriers, which never happens here.
 * (The Bcast's test is also warned as one that may differ between
 * processes: a team's size is taken as one, like an environment
 * variable.)
 *
 * description: SERIALIZED: the last thread, then a rotating thread per barrier phase, communicates
 * compile-flags: -fopenmp
 * expect-warning: 50 thread-level
 * expect-warning: 50 collective-mismatch
 * expect-conditional: 49
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(int argc, char **argv) {
  int provided, rank;
  double local = 0.0, global = 0.0, seed = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel reduction(+ : local)
  for (int i = omp_get_thread_num(); i < N; i += omp_get_num_threads())
    local += 1.0 / (i + 1 + rank);
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
    if (tid == nthreads - 1)
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  for (int region = 0; region < 3; ++region) {
#pragma omp parallel
    {
      int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
      for (int it = 0; it < 4; ++it) {
        if (tid == (it + region) % nthreads)
          MPI_Bcast(&seed, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
#pragma omp barrier
      }
    }
  }
  if (rank == 0)
    printf("global %g seed %g\n", global, seed);
  MPI_Finalize();
  return 0;
}
