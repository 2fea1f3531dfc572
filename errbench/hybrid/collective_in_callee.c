/* Inter-procedural hybrid case: the collective is in a helper, called from
 * an OpenMP parallel region.  At line 38 every thread of the team calls
 * sync_all, so every thread would call its MPI_Barrier: erroneous at every
 * thread level, as if the barrier were written in the region (thesis
 * figure 2.10, coll_single).  PARCOACH sees it once the whole file is
 * analysed: sync_all is defined after main and only then known to run a
 * collective.  At line 44 the call is inside a single: one thread per
 * process, correct.  report_from_master (line 39) is called by every thread
 * but runs its collective in a master region: no warning.
 * The call of line 38 gets a run-time check (CC_ipw, kept at the unit
 * step once sync_all is known to run a collective): it stops the run with
 * two threads or more; report_from_master's call gets none.
 *
 * description: collective reached through a call inside a parallel region (every thread), and inside a single (correct)
 * compile-flags: -fopenmp
 * expect-warning: 38 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <stdio.h>

static void sync_all(MPI_Comm comm);
static void report_from_master(MPI_Comm comm);

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    fprintf(stderr, "MPI_THREAD_SERIALIZED not available\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

#pragma omp parallel
  {
    sync_all(MPI_COMM_WORLD);
    report_from_master(MPI_COMM_WORLD);
  }
#pragma omp parallel
  {
#pragma omp single
    sync_all(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}

static void sync_all(MPI_Comm comm)
{
  MPI_Barrier(comm);
}

static void report_from_master(MPI_Comm comm)
{
  int ranks;
#pragma omp master
  {
    MPI_Comm_size(comm, &ranks);
    MPI_Allreduce(MPI_IN_PLACE, &ranks, 1, MPI_INT, MPI_SUM, comm);
    printf("%d ranks\n", ranks);
  }
}
