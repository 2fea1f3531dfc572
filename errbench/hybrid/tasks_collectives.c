/* Two tasks created by one single region may run at the same time on two
 * threads of the team: their collectives are concurrent.  With one thread
 * they run one after the other and the run is clean; with more, the
 * program stops when two threads run them.
 *
 * description: sibling tasks with collectives are concurrent
 * compile-flags: -fopenmp
 * expect-warning: 30 concurrent-collectives
 * expect-warning: 19 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, a = 1, b = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task shared(a)
      {
        usleep(100000); /* lets another thread start the other task */
        MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
#pragma omp task shared(a, b)
      MPI_Allreduce(&a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
