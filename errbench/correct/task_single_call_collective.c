/* A task, and a single region, calling a function that runs a collective,
 * from a function that is itself called inside a checked context: the
 * library routine `exchange' reduces on the communicator it is given;
 * `phase' runs it from a task created in a single region, and from a
 * single region directly, then every thread passes the barriers.  One
 * thread per process runs each call (whichever thread takes the task or
 * the single), in the same order everywhere: SERIALIZED is enough.  The
 * check of a collective must follow the work (the task or single), not the
 * thread that entered `phase'.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED: a task and a single region call a function running MPI_Allreduce, in a function called by every thread
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=3
 * expect-run: 3 ok threads=4
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

static double exchange(MPI_Comm comm, double value)
{
  double sum;
  MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
  return sum;
}

/* called by every thread of the team (orphaned constructs) */
static void phase(MPI_Comm comm, int rank, double *first, double *second)
{
#pragma omp single
  {
#pragma omp task
    *first = exchange(comm, rank + 1.0);
  }
  /* the single's implicit barrier completes the task */
#pragma omp single
  *second = exchange(comm, 2.0 * (rank + 1));
}

int main(int argc, char **argv)
{
  int provided, rank, size;
  double first = 0.0, second = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel
  {
    for (int round = 0; round < 3; round++)
      phase(MPI_COMM_WORLD, rank, &first, &second);
  }

  double expected = size * (size + 1) / 2.0;
  if (first != expected || second != 2.0 * expected) {
    fprintf(stderr, "rank %d: %g %g\n", rank, first, second);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
