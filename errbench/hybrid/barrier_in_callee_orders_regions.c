/* Concurrent monothreaded regions, with the barrier in a called function:
 * the master region (thread 0) and the single region (any thread) would be
 * concurrent, but every thread of the team calls sync_team between them,
 * whose orphaned barrier binds to the team: the two collectives are
 * ordered, as if the barrier were written in place.  No
 * [parcoach:concurrent-collectives] warning (sync_team is defined after
 * main: decided at the unit step), and nothing stops the run.
 * Requests MPI_THREAD_SERIALIZED: the single region's thread may not be
 * the main one, and the regions never overlap.
 *
 * description: a barrier in a called function orders two monothreaded regions: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

static void sync_team(void);

int main(int argc, char **argv)
{
  int provided, value = 1, total = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(value, total)
  {
#pragma omp master
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    sync_team();
#pragma omp single
    MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  printf("%d\n", total);
  MPI_Finalize();
  return 0;
}

static void sync_team(void)
{
#pragma omp barrier
}
