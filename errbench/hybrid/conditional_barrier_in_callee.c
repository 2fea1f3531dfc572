/* Concurrent monothreaded regions, with a barrier in a called function
 * that does not always run it: maybe_sync passes its barrier only when
 * asked to, and main never asks (sync_requested stays 0), so the master
 * region (thread 0) and the single region are not ordered: two
 * threads of a process may call MPI_Bcast and MPI_Allreduce at the same
 * time, in an order that may differ between processes.  Warned at the
 * later collective (with notes at both regions), and the program requests
 * MPI_THREAD_MULTIPLE (what concurrent MPI calls need).  At run time, with
 * two threads or more, another thread takes the single while thread 0
 * sleeps in the master region: two threads reach the checked collectives
 * between the same two barriers, and the program stops.  One thread: ok.
 *
 * description: a barrier in a callee on some paths only does not order two monothreaded regions
 * compile-flags: -fopenmp
 * expect-warning: 40 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

static void maybe_sync(int enabled);
static int sync_requested; /* the same in every thread: no omp-collective warning */

int main(int argc, char **argv)
{
  int provided, value = 1, total = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel shared(value, total)
  {
#pragma omp master
    {
      MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
      usleep(200000); /* another thread takes the single meanwhile */
    }
    maybe_sync(sync_requested);
#pragma omp single nowait
    MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  printf("%d\n", total);
  MPI_Finalize();
  return 0;
}

static void maybe_sync(int enabled)
{
  if (enabled) {
#pragma omp barrier
  }
}
