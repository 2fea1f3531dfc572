/* Erroneous twin of correct/serialized_task_depend.c: the same tasks in
 * the same loop of a single region, without their depend clauses.
 * Nothing orders them any more (OpenMP 5.1, section 2.12.1: a task may be
 * deferred and run by any thread of the team), so two threads may run
 * two producers, or a producer and a consumer, at the same time: under
 * MPI_THREAD_SERIALIZED two threads calling MPI at once is erroneous, and
 * at any level the collectives of one communicator would be called in an
 * order that depends on the threads' schedule.  Both collectives are
 * warned (each with itself: the next round's task may start before this
 * one ends; the two tasks with each other), and so is the thread level.
 * With one thread the tasks run one after the other: the run is clean;
 * with two, the run-time check stops it when a second thread reaches one
 * of these collectives before the team's next barrier.
 *
 * description: SERIALIZED: the tasks of serialized_task_depend.c without depend clauses: concurrent
 * compile-flags: -fopenmp
 * expect-warning: 33 thread-level
 * expect-warning: 46 concurrent-collectives
 * expect-warning: 52 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <unistd.h>

#define ROUNDS 8

int main(int argc, char **argv)
{
  int provided, rank;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

#pragma omp parallel
#pragma omp single
  {
    double x = 0.0, y = 0.0;
    for (int round = 0; round < ROUNDS; round++) {
#pragma omp task shared(x) firstprivate(round)
      {
        double mine = rank + round;
        MPI_Allreduce(&mine, &x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        usleep(20000); /* lets another thread take the next task */
      }
#pragma omp task shared(x, y)
      {
        double v = x;
        MPI_Bcast(&v, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        usleep(20000);
        y += v;
      }
    }
#pragma omp taskwait
  }
  MPI_Finalize();
  return 0;
}
