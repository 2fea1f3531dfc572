/* Thesis figure 2.10, coll_single: every thread of the parallel region
 * calls MPI_Barrier.  Table 2.3 says this needs MPI_THREAD_FUNNELED; it is
 * erroneous at every level: under FUNNELED only the main thread may call
 * MPI, and under SERIALIZED or MULTIPLE the threads would issue one barrier
 * each on the same communicator, unordered, as many as the team has
 * threads.  So no level is required (the report at MPI_Init_thread stays
 * at SINGLE) and the call gets a warning of its own.  At run time the
 * program stops before the barrier when the team has more than one
 * thread, and runs clean with one.
 *
 * description: thesis fig. 2.10 coll_single: MPI_Barrier called by every thread (erroneous at every level)
 * compile-flags: -fopenmp
 * expect-warning: 27 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int provided, required;
  required = MPI_THREAD_SINGLE;
  MPI_Init_thread(&argc, &argv, required, &provided);
#pragma omp parallel
  {
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
