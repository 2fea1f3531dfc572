/* MPI_THREAD_SERIALIZED, tasks in the style of a task-based solver: one
 * thread (single) drives; a taskloop shares the local work (its implicit
 * taskgroup waits for it); a task reduces across processes inside a
 * taskgroup while a sibling task only computes; the driver broadcasts after
 * the taskgroup, which waits for both; then a task does an MPI_Reduce that
 * a taskwait completes before the final MPI_Barrier.  At any time at most
 * one thread is in MPI, and every process issues the same collectives in
 * the same order.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED: taskloop, taskgroup and taskwait ordering collectives of tasks and of their creator
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=4
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define N 2048

static double a[N], b[N];

int main(int argc, char **argv)
{
  int provided, rank, size;
  double local_sum = 0.0, global_sum = 0.0, scale = 0.0, reduced = 0.0, other = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp taskloop grainsize(128)
      for (int i = 0; i < N; i++)
        a[i] = rank + 1.0;

#pragma omp taskgroup
      {
#pragma omp task shared(local_sum, global_sum)
        {
          for (int i = 0; i < N; i++)
            local_sum += a[i];
          MPI_Allreduce(&local_sum, &global_sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
#pragma omp task shared(other)
        {
          for (int i = 0; i < N; i++)
            other += 1.0;
        }
      }

      scale = rank == 0 ? 2.0 : -1.0;
      MPI_Bcast(&scale, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);

#pragma omp taskloop grainsize(128)
      for (int i = 0; i < N; i++)
        b[i] = scale * a[i];

#pragma omp task shared(reduced)
      {
        double mine = b[0];
        MPI_Reduce(&mine, &reduced, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
      }
#pragma omp taskwait
      MPI_Barrier(MPI_COMM_WORLD);
    }
  }

  double expected = (double)N * size * (size + 1) / 2.0;
  int bad = global_sum != expected || other != N || scale != 2.0 ||
            (rank == 0 && reduced != 2.0 * size * (size + 1) / 2.0);
  if (bad) {
    fprintf(stderr, "rank %d: wrong results\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
