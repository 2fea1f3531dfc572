/* Erroneous twin of arming_follows_created_work.c: in `step', only rank 0
 * calls MPI_Barrier; the others go on to the task that `spawn' (a correct
 * function) creates, whose MPI_Allreduce has a dormant check.  The task
 * was created by a thread inside the flagged step, so its check runs on
 * whichever thread takes it: rank 0 checks before MPI_Barrier, the others
 * before MPI_Allreduce, and the run stops with the PARCOACH message
 * instead of matching a check with the real MPI_Allreduce.
 *
 * description: a mismatch met in a task that a correct callee of a flagged function creates: stopped
 * compile-flags: -fopenmp
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 39
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 * expect-run: 1 ok threads=2
 */
#include <mpi.h>
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

static void step(double *a)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  spawn(a, rank);
}

int main(int argc, char **argv)
{
  int provided;
  double a = 1.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(a)
#pragma omp single
  step(&a);
  MPI_Finalize();
  return 0;
}
