/* Dormant checks armed by the work, not by the thread.  `step' is flagged
 * (its MPI_Barrier depends on getenv, which the analysis cannot prove the
 * same on every process; at run time it is: the variable is unset
 * everywhere), so its checks run, and the dormant checks of the correct
 * functions it calls come alive while it runs.  Inside it, a task and two
 * single regions call reduce_step, whose MPI_Allreduce has a dormant
 * check.  Whichever thread runs the task or the single (not necessarily
 * the one that entered `step', and not the same on every process), the
 * check must run, or one process checks while another calls the real
 * MPI_Allreduce ("Message truncated", or a hang).  Correct program: one
 * conservative warning, every run ends cleanly.
 *
 * description: a task and single regions of a flagged function call a function with a dormant check: armed on whichever thread runs them
 * compile-flags: -fopenmp
 * expect-warning: 36 collective-mismatch
 * expect-conditional: 35
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void reduce_step(double *x)
{
  MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void step(double *a, double *b, double *c)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel shared(a, b, c, rank)
  {
#pragma omp single
    {
#pragma omp task
      {
        usleep(1000 * (rank % 2));
        reduce_step(a);
      }
#pragma omp taskwait
    }
#pragma omp single
    reduce_step(b);
#pragma omp single nowait
    {
      usleep(1000 * (1 - rank % 2));
      reduce_step(c);
    }
  }
}

int main(int argc, char **argv)
{
  int provided, i;
  double a = 1.0, b = 2.0, c = 3.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  for (i = 0; i < 20; i++)
    step(&a, &b, &c);
  printf("%g %g %g\n", a, b, c);
  MPI_Finalize();
  return 0;
}
