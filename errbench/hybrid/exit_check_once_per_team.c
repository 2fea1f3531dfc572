/* Thesis Algorithm 20: the function-exit check of a function that every
 * thread of a team calls runs once per process.
 *
 * With -fplugin-arg-parcoach-context=parallel, accumulate is analysed as
 * called by every thread of a team.  Its MPI_Allreduce, in a single region
 * (word PS: one thread per process), is under a test of the rank (line
 * 32): flagged, so accumulate gets a function-exit check on
 * MPI_COMM_WORLD.  Every thread of the team leaves accumulate; if each ran
 * the exit check, the threads of a process would call MPI_Allreduce
 * concurrently on one communicator (erroneous, and under
 * MPI_THREAD_SERIALIZED not even allowed).  Only thread 0 of the team runs
 * it, after the single's implicit barrier.  The program is correct (the
 * test is true on every rank): it must run to the end with 1, 2 and 4
 * threads.
 *
 * description: context=parallel: the exit check of a flagged function called by every thread runs once per process
 * compile-flags: -fopenmp
 * plugin-args: context=parallel
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 32
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

void accumulate(int rank, double *total)
{
#pragma omp single
  {
    if (rank >= 0)
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
