/* Tasks ordered by taskwait: the single region's thread creates a task
 * (MPI_Bcast, line 28), waits for it (taskwait), then calls MPI_Allreduce
 * (line 30) and creates a second task (MPI_Reduce, line 32), which runs
 * before the implicit barrier at the end of the single, after everything
 * else the single does.  Each process makes its collectives in one order:
 * correct, no [parcoach:concurrent-collectives] warning, no run-time
 * check.  (Without the taskwait the first task would be concurrent with
 * the rest of the single: errbench/hybrid/task_and_its_creator.c.)
 *
 * description: taskwait orders a task before what its creator runs next: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, a = 1, b = 0, c = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(a, b, c)
  {
#pragma omp single
    {
#pragma omp task shared(a)
      MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
#pragma omp taskwait
      MPI_Allreduce(&a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma omp task shared(b, c)
      MPI_Reduce(&b, &c, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
  }
  printf("%d %d\n", b, c);
  MPI_Finalize();
  return 0;
}
