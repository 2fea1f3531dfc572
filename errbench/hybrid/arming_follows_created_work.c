/* Dormant checks armed by the work, whichever function created it.
 * `step' is flagged (its MPI_Barrier depends on getenv, which the
 * analysis cannot prove the same on every process; at run time it is:
 * the variable is unset everywhere), and main calls it from a single
 * region, so only the thread running that single is inside a flagged
 * function.  step calls two correct functions: `spawn', which creates a
 * task, and `team', which opens a parallel region with a single; both
 * call reduce_step, whose MPI_Allreduce has a dormant check.  That task
 * and that team's threads were created by the armed thread: whichever
 * thread runs them, the check must run (a process checking while another
 * calls the real MPI_Allreduce ends in "Message truncated" or a hang).
 * After step, main's own task calls reduce_step from unarmed code: its
 * check must stay dormant even when the thread that ran step takes it.
 * Correct program: one conservative warning, every run ends cleanly.
 *
 * description: a task and a parallel region created by a correct callee of a flagged function run armed on any thread
 * compile-flags: -fopenmp
 * expect-warning: 58 collective-mismatch
 * expect-conditional: 57
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void reduce_step(double *x)
{
  MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

static void spawn(double *a, int rank)
{
#pragma omp task shared(a) firstprivate(rank)
  {
    usleep(2000 * (rank % 2));
    reduce_step(a);
  }
#pragma omp taskwait
}

static void team(double *b, int rank)
{
#pragma omp parallel shared(b) firstprivate(rank)
#pragma omp single
  {
    usleep(2000 * (1 - rank % 2));
    reduce_step(b);
  }
}

static void step(double *a, double *b, int rank)
{
  if (getenv("PARCOACH_ERRBENCH_NEVER_SET") == NULL)
    MPI_Barrier(MPI_COMM_WORLD);
  spawn(a, rank);
  team(b, rank);
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  double a = 1.0, b = 1.0, c = 1.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < 10; i++) {
#pragma omp parallel shared(a, b, c, rank)
#pragma omp single
    {
      step(&a, &b, rank);
#pragma omp task shared(c) firstprivate(rank)
      {
        usleep(1000 * (rank % 2));
        reduce_step(&c);
      }
#pragma omp taskwait
    }
  }
  double expected = 1.0;
  for (int i = 0; i < 10; i++)
    expected *= size;
  if (a != expected || b != expected || c != expected) {
    fprintf(stderr, "rank %d: %g %g %g, expected %g\n", rank, a, b, c, expected);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
