/* A SERIALIZED power-iteration style loop inside one parallel region: a
 * single thread resets the reduction variable, the team sums into it with
 * `omp for reduction(+:s)' (each thread merges its part with an atomic
 * update), a single thread reduces it over the processes, stores the
 * result back into it and sets the shared convergence value from it, and
 * every thread tests that value at the top of the loop.  The merges share a barrier phase but no thread reads s
 * between them; after the loop's barrier every thread reads the one
 * result.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED, loop in one parallel region on a shared value set in `omp single' from an Allreduce of an `omp for reduction' variable reset in another single
 * compile-flags: -fopenmp
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double change = 1.0, s = 0.0;
  int iterations = 0;
#pragma omp parallel
  {
    while (change > 1e-3) {
#pragma omp single
      s = 0.0;
#pragma omp for reduction(+ : s)
      for (int i = 0; i < 100; i++)
        s += 0.5 / (100.0 * (iterations + 1));
#pragma omp single
      {
        double global;
        MPI_Allreduce(&s, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        s = global;
        change = s;
        iterations++;
      }
    }
  }
  if (rank == 0)
    printf("%d iterations, change %g\n", iterations, change);
  MPI_Finalize();
  return 0;
}
