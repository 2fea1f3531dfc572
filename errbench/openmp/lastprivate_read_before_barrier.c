/* Erroneous twin of correct/hybrid_lastprivate_block_edge.c: the update
 * loop has `nowait', so nothing orders the thread that runs the last
 * iteration, which stores the lastprivate `edge', before the others read
 * it.  The last iteration is slow here (a costly boundary cell): the
 * other threads read the initial edge (0), enter the damping `for' and
 * wait in its barrier, while the last thread reads the block's end and
 * skips it.  Warned at that `for' (the test on the shared edge, which
 * threads may read before its store); with 3 threads the run stops, with
 * 1 it is fine.
 *
 * description: OpenMP: `omp for nowait lastprivate(edge)', the shared edge tested by every thread before any barrier, around another `omp for'
 * compile-flags: -fopenmp
 * expect-warning: 42 omp-collective
 * expect-conditional: 41
 * expect-run: 1 stop threads=3
 * expect-run: 1 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

#define NLOCAL 300

static double u[NLOCAL], next[NLOCAL];

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int nglobal = NLOCAL, first = 0; /* one block: the whole line */
  int edge = 0;
#pragma omp parallel shared(edge)
  {
#pragma omp for nowait lastprivate(edge) schedule(static)
    for (int i = 0; i < NLOCAL; i++) {
      if (i == NLOCAL - 1)
        usleep(300000);
      next[i] = 0.5 * u[i];
      edge = first + i + 1;
    }
    if (edge < nglobal) {
#pragma omp for
      for (int i = 0; i < 8; i++)
        next[i] *= 0.999;
    }
  }
  if (rank == 0)
    printf("edge %d\n", edge);
  MPI_Finalize();
  return 0;
}
