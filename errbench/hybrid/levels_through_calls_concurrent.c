/* Thread levels through calls, with concurrent monothreaded regions: the
 * first single has nowait, so one thread may still be in exchange (line
 * 33) when another thread enters the second single and calls exchange
 * (line 35).  Two threads of one process may then make MPI calls at the
 * same time: MPI_THREAD_MULTIPLE is needed (thesis table 2.3), although
 * each call alone, in a single, needs only SERIALIZED.  The program
 * requests SERIALIZED: a warning at each call (naming the other one) and
 * one at MPI_Init_thread.  exchange makes no collective call, so there is
 * no [parcoach:concurrent-collectives] warning and no run-time check; it
 * runs with one thread only, since two threads would break the level the
 * program requests.
 *
 * description: point-to-point calls reached through calls in concurrent single regions need MULTIPLE
 * compile-flags: -fopenmp
 * expect-warning: 28 thread-level
 * expect-warning: 33 thread-level
 * expect-warning: 35 thread-level
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>

static void exchange(double *cell, int tag);

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  double a = 1.0, b = 2.0;
#pragma omp parallel shared(a, b)
  {
#pragma omp single nowait
    exchange(&a, 1);
#pragma omp single
    exchange(&b, 2);
  }
  printf("%g %g\n", a, b);
  MPI_Finalize();
  return 0;
}

static void exchange(double *cell, int tag)
{
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double received = 0.0;
  MPI_Sendrecv(cell, 1, MPI_DOUBLE, (rank + 1) % size, tag, &received, 1, MPI_DOUBLE,
               (rank + size - 1) % size, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  *cell = 0.5 * (*cell + received);
}
