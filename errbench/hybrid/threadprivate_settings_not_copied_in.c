/* Erroneous twin of correct/hybrid_copyin_solver_settings.c: the same
 * threadprivate settings, broadcast and stored by the master thread, but
 * the region has no `copyin'.  The other threads' copies keep their
 * initial value (0, OpenMP 5.2, 5.2: each thread's copy is initialised
 * once, as the variable is), so they run no level: the master meets the
 * worksharing loop and the barrier of the first level alone, and the
 * team deadlocks.  Warned at the `for' and at the barrier (the level
 * loop's test, and the sweep loop's for the `for'); with 3 threads the
 * run stops, with 1 it is fine.
 *
 * description: FUNNELED: threadprivate settings set by the master, read by the team without `copyin'
 * compile-flags: -fopenmp
 * expect-warning: 51 omp-collective
 * expect-conditional: 49
 * expect-conditional: 50
 * expect-warning: 62 omp-collective
 * expect-run: 2 stop threads=3
 * expect-run: 1 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>

#define N 512

static int levels, sweeps;
static double weight;
#pragma omp threadprivate(levels, sweeps, weight)

static double grid[N], rhs[N];

int main(int argc, char **argv) {
  int provided, rank;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int settings[2] = {3, 2};
  MPI_Bcast(settings, 2, MPI_INT, 0, MPI_COMM_WORLD);
  levels = settings[0];
  sweeps = settings[1];
  weight = 0.8;
  for (int i = 0; i < N; i++) {
    grid[i] = 0.0;
    rhs[i] = 1.0;
  }
  double residual = 0.0;
#pragma omp parallel shared(residual)
  {
    for (int level = 0; level < levels; level++) {
      for (int s = 0; s < sweeps; s++) {
#pragma omp for
        for (int i = 1; i < N - 1; i++)
          grid[i] += weight * (rhs[i] - grid[i]);
      }
#pragma omp master
      {
        double local = 0.0;
        for (int i = 0; i < N; i++)
          local += rhs[i] - grid[i];
        MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      }
#pragma omp barrier
    }
  }
  if (rank == 0)
    printf("residual %g\n", residual);
  MPI_Finalize();
  return 0;
}
