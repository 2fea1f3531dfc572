/* Sibling sections are concurrent monothreaded regions: MPI_Bcast in one
 * and MPI_Barrier in the other may run at the same time in two threads of
 * a process.  The implicit barrier at the end of the sections orders them
 * with the single after it, which gets no warning.  At run time the
 * program stops when two threads take the two sections; with one thread
 * both sections run in order and the run is clean.
 *
 * description: sibling sections with collectives are concurrent; the single after them is not
 * compile-flags: -fopenmp
 * expect-warning: 33 concurrent-collectives
 * expect-warning: 22 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, value = 3;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      {
        usleep(100000); /* lets another thread take the other section */
        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
#pragma omp section
      MPI_Barrier(MPI_COMM_WORLD);
    }
#pragma omp single
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
