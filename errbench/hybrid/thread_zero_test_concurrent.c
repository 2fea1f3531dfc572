/* The erroneous twin of thread_zero_test_funneled.c: thread 0's branch
 * (`if (omp_get_thread_num () == 0)') is a master region, and nothing
 * orders it with the single nowait region another thread runs meanwhile
 * (thread 0 sleeps first, so that another thread takes the single): two
 * threads of a process call MPI_Bcast and MPI_Allreduce in an order that
 * depends on the schedule.  Warned at the later collective; the program
 * requests SERIALIZED but requires MULTIPLE.  At run time, with two
 * threads or more, the check stops the program; one thread: ok.
 *
 * description: a thread-0 branch concurrent with a single nowait: erroneous
 * compile-flags: -fopenmp
 * expect-warning: 35 concurrent-collectives
 * expect-warning: 26 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, value = 1, total = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(value, total)
  {
    int tid = omp_get_thread_num();
    if (tid == 0 && omp_get_num_threads() > 1)
      usleep(200000); /* another thread takes the single */
#pragma omp single nowait
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (tid == 0)
      MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  printf("%d\n", total);
  MPI_Finalize();
  return 0;
}
