/* Dormant checks armed by the work of combined `parallel for' loops,
 * combined `parallel sections' and taskloops.  The three step_ functions
 * are flagged (their
 * MPI_Barrier depends on getenv, which the analysis cannot prove the same
 * on every process; at run time it is: the variable is unset everywhere),
 * so the dormant check of reduce_on's MPI_Allreduce is alive while they
 * run.  Each iteration i reduces on its own duplicate of MPI_COMM_WORLD
 * (MPI_THREAD_MULTIPLE): which thread runs iteration i differs from
 * process to process (dynamic schedule, taskloop), so the iteration, not
 * the thread, must carry the arming of the thread that met the loop;
 * otherwise one process checks where another calls the real
 * MPI_Allreduce ("Message truncated", or a hang).  The two sections call
 * reduce_on with different communicators, which the analysis cannot see
 * from the calls: a conservative concurrent-collectives warning, but the
 * run-time check of two calls whose communicators neither knows stays
 * silent.  Correct program: the conservative warnings, and every run ends
 * cleanly.
 *
 * description: combined parallel for and parallel sections, and taskloop iterations of flagged functions call a function with a dormant check: armed on whichever thread runs them
 * compile-flags: -fopenmp
 * expect-warning: 51 collective-mismatch
 * expect-warning: 64 collective-mismatch
 * expect-warning: 77 collective-mismatch
 * expect-warning: 88 concurrent-collectives
 * expect-conditional: 50
 * expect-conditional: 63
 * expect-conditional: 76
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=4 repeat=3
 * expect-run: 3 ok threads=3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define COUNT 4

static MPI_Comm comms[COUNT];

static void reduce_on(int i, double *x)
{
  MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE, MPI_SUM, comms[i]);
}

static void step_for(double *values)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < COUNT; i++) {
    usleep(300 * ((rank + i) % 2));
    reduce_on(i, &values[i]);
  }
}

static void step_taskloop(double *values)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp taskloop grainsize(1)
  for (int i = 0; i < COUNT; i++) {
    usleep(300 * ((rank + i) % 2));
    reduce_on(i, &values[i]);
  }
}

static void step_sections(double *values)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp parallel sections
  {
#pragma omp section
    {
      usleep(300 * (rank % 2));
      reduce_on(0, &values[0]);
    }
#pragma omp section
    {
      usleep(300 * ((rank + 1) % 2));
      reduce_on(1, &values[1]);
    }
  }
}

int main(int argc, char **argv)
{
  int provided, i;
  double values[COUNT] = {1.0, 2.0, 3.0, 4.0};
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    printf("MPI_THREAD_MULTIPLE not provided: nothing to test\n");
    MPI_Finalize();
    return 0;
  }
  for (i = 0; i < COUNT; i++)
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[i]);
  for (i = 0; i < 5; i++) {
    step_for(values);
    step_sections(values);
  }
#pragma omp parallel shared(values) private(i)
#pragma omp single
  for (i = 0; i < 5; i++)
    step_taskloop(values);
  printf("%g %g %g %g\n", values[0], values[1], values[2], values[3]);
  for (i = 0; i < COUNT; i++)
    MPI_Comm_free(&comms[i]);
  MPI_Finalize();
  return 0;
}
