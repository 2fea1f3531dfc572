/* FUNNELED 1-D diffusion over blocks of a global line: each process owns
 * `nlocal' cells from `first'.  The update loop is an `omp for' whose
 * `lastprivate(edge)' leaves in the shared `edge' the end of the
 * sequentially last iteration (OpenMP 5.2, 5.4.5), written before the
 * loop's implicit barrier: after it, every thread of the team reads the
 * same value and decides alike whether its block ends before the global
 * line does (then a second worksharing loop damps the right end).  The
 * master reduces the change between two barriers.  The test differs
 * between processes, but only OpenMP constructs depend on it, and every
 * thread of a team takes the same way: nothing to warn, nothing to stop.
 *
 * description: FUNNELED: `omp for lastprivate(edge)', then every thread tests the shared edge around another `omp for'; master Allreduce between barriers
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 * expect-run: 1 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

#define NLOCAL 400
#define STEPS 5

static double u[NLOCAL], next[NLOCAL];

int main(int argc, char **argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int nglobal = NLOCAL * size, first = NLOCAL * rank;
  for (int i = 0; i < NLOCAL; i++)
    u[i] = (double)(first + i) / nglobal;
  int edge = 0, damped = 0;
  double change = 0.0;
#pragma omp parallel shared(edge, damped, change)
  for (int step = 0; step < STEPS; step++) {
#pragma omp for lastprivate(edge)
    for (int i = 0; i < NLOCAL; i++) {
      double left = i > 0 ? u[i - 1] : u[i], right = i < NLOCAL - 1 ? u[i + 1] : u[i];
      next[i] = u[i] + 0.25 * (left - 2.0 * u[i] + right);
      edge = first + i + 1;
    }
    if (edge < nglobal) {
#pragma omp for
      for (int i = NLOCAL - 8; i < NLOCAL; i++)
        next[i] *= 0.999;
#pragma omp single
      damped++;
    }
#pragma omp master
    {
      double local = 0.0;
      for (int i = 0; i < NLOCAL; i++) {
        local += next[i] > u[i] ? next[i] - u[i] : u[i] - next[i];
        u[i] = next[i];
      }
      MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
#pragma omp barrier
  }
  int expected = rank < size - 1 ? STEPS : 0;
  if (edge != first + NLOCAL || damped != expected)
    MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0)
    printf("change %g\n", change);
  MPI_Finalize();
  return 0;
}
