/* MPI_THREAD_MULTIPLE, two sections on two duplicated communicators: the
 * first section runs the reductions of a solver on `solver_comm', the
 * second the broadcasts of a monitoring task on `monitor_comm'.  With two
 * threads or more the sections run at the same time, on different
 * communicators, which MPI allows; with one thread they run one after the
 * other, in the same order on every process.  Nothing to warn, nothing to
 * stop.
 *
 * description: MULTIPLE: two concurrent sections running collectives on two MPI_Comm_dup communicators
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 25

int main(int argc, char **argv)
{
  int provided, rank, size;
  MPI_Comm solver_comm, monitor_comm;
  double residual = 0.0;
  int ticks = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    MPI_Finalize();   /* every process gets the same answer */
    return 0;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_dup(MPI_COMM_WORLD, &solver_comm);
  MPI_Comm_dup(MPI_COMM_WORLD, &monitor_comm);

#pragma omp parallel sections
  {
#pragma omp section
    {
      for (int r = 0; r < ROUNDS; r++) {
        double mine = 1.0 / (r + 1), got;
        MPI_Allreduce(&mine, &got, 1, MPI_DOUBLE, MPI_MAX, solver_comm);
        residual += got;
      }
    }
#pragma omp section
    {
      for (int r = 0; r < ROUNDS; r++) {
        int tick = rank == 0 ? r : -1;
        MPI_Bcast(&tick, 1, MPI_INT, 0, monitor_comm);
        ticks += tick;
      }
    }
  }

  double expected = 0.0;
  for (int r = 0; r < ROUNDS; r++)
    expected += 1.0 / (r + 1);
  if (residual != expected || ticks != ROUNDS * (ROUNDS - 1) / 2) {
    fprintf(stderr, "rank %d: wrong results\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Comm_free(&solver_comm);
  MPI_Comm_free(&monitor_comm);
  MPI_Finalize();
  return 0;
}
