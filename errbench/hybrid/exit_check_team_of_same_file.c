/* The exit check of a flagged function that every thread of a team calls,
 * without -fplugin-arg-parcoach-context=parallel: main calls accumulate
 * from a parallel region of the same file.  Its MPI_Allreduce, in a
 * single region (one thread per process), is under a test of the rank
 * the analysis cannot decide (`rank < 1024'): flagged.  Every thread
 * leaving accumulate used to run its exit check, concurrently on
 * MPI_COMM_WORLD: under MPI_THREAD_SERIALIZED MPICH then crashed, now
 * and then.  Where several threads may call a function (a team, or a
 * worksharing loop whose iterations any thread runs) it gets no exit
 * check; the collective's own check, in the single region, stays.  The
 * program is correct: it must run to the end with 1, 2 and 4 threads,
 * every time.
 *
 * description: a flagged function called by every thread of a team of the same file: no exit check run by several threads at once
 * compile-flags: -fopenmp
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 29
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=3
 */
#include <mpi.h>
#include <stdio.h>

static void accumulate(int rank, double *total)
{
#pragma omp single
  {
    if (rank < 1024) /* every rank of these runs */
      MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
}

int main(int argc, char **argv)
{
  int provided, rank;
  double total = 1.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel
  accumulate(rank, &total);
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
