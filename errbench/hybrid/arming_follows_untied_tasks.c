/* Dormant checks armed by the work, for untied tasks too.  `step' is
 * flagged (its MPI_Barrier depends on getenv, which the analysis cannot
 * prove the same on every process; at run time it is: the variable is
 * unset everywhere), so the dormant check of reduce_step's MPI_Allreduce
 * is alive while it runs.  main's team calls `step' from a single region;
 * `step' creates untied tasks that call reduce_step and waits for them,
 * while the other threads of the team (not in `step', so not armed),
 * idle at the single's barrier, may take them.  libgomp runs a task from
 * start to end on the thread that started it (untied or not: a task runs
 * on that thread's stack), so the task carries the arming of the thread
 * that created it, as a tied one does.  Without that, one process checks
 * while another calls the real MPI_Allreduce ("Message truncated", or a
 * hang).  Correct program: one conservative warning, every run ends
 * cleanly.
 *
 * description: untied tasks of a flagged function call a function with a dormant check: armed on whichever thread runs them
 * compile-flags: -fopenmp
 * expect-warning: 39 collective-mismatch
 * expect-conditional: 38
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=4 repeat=3
 * expect-run: 3 ok threads=3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void reduce_step(double *x)
{
  MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void step(double *values, int count)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < count; i++) {
#pragma omp task untied firstprivate(i)
    {
      usleep(500 * ((rank + i) % 2));
      reduce_step(&values[i]);
    }
#pragma omp taskwait
  }
}

int main(int argc, char **argv)
{
  int provided, i;
  double values[4] = {1.0, 2.0, 3.0, 4.0};
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(values) private(i)
#pragma omp single
  for (i = 0; i < 10; i++)
    step(values, 4);
  printf("%g %g %g %g\n", values[0], values[1], values[2], values[3]);
  MPI_Finalize();
  return 0;
}
