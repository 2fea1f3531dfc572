/* A task runs on any thread of the team while the thread that created it
 * goes on: the MPI_Bcast of the task (line 32) and the MPI_Allreduce the
 * single region runs after creating it (line 34) may be called at the
 * same time by two threads, in an order that may differ between
 * processes.  The MPI_Barrier before the task is created (line 30) is not
 * concurrent with it.  At run time, with two threads or more, another
 * thread waiting at the end of the single takes the task while the
 * creator sleeps: two threads reach the checked collectives between the
 * same two barriers and the program stops.  With one thread the creator
 * runs the task itself: ok.
 *
 * description: a task is concurrent with the rest of the region that created it
 * compile-flags: -fopenmp
 * expect-warning: 34 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, a = 1, b = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel
  {
#pragma omp single
    {
      MPI_Barrier(MPI_COMM_WORLD);
#pragma omp task shared(a)
      MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
      usleep(200000); /* another thread takes the task meanwhile */
      MPI_Allreduce(&a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
