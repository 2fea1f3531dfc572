/* A taskwait on some paths only: the task's MPI_Bcast (line 29) may still
 * run when the single region calls MPI_Allreduce (line 34) on the path
 * without the taskwait, so PARCOACH warns (it cannot tell which path runs).
 * At run time the taskwait is always taken (argc >= 1), while another
 * thread runs the task: the check before MPI_Allreduce must not stop the
 * program, since the taskwait ordered the two (the runtime releases the
 * task's claim at the taskwait).
 *
 * description: a conditional taskwait: warned, and the checked run that takes it is clean
 * compile-flags: -fopenmp
 * expect-warning: 34 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, a = 1, b = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#pragma omp parallel shared(a, b)
  {
#pragma omp single
    {
#pragma omp task shared(a)
      MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
      usleep(200000); /* another thread takes the task meanwhile */
      if (argc >= 1) {
#pragma omp taskwait
      }
      MPI_Allreduce(&a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  printf("%d\n", b);
  MPI_Finalize();
  return 0;
}
