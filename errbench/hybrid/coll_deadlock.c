/* coll_deadlock (thesis table 4.1): a category-3 error of figure 4.2: the
 * thread running the single region calls MPI_Allreduce only on even
 * ranks.  The collective-mismatch analysis works inside the parallel
 * region and blames the rank test, not the lowering's GOMP_single_start
 * test.  The placement itself is fine for MPI_THREAD_SERIALIZED.  The
 * run stops whatever the number of threads.
 *
 * description: thesis table 4.1 coll_deadlock: rank-dependent MPI_Allreduce in a single region
 * compile-flags: -fopenmp
 * expect-warning: 27 collective-mismatch
 * expect-conditional: 26
 * expect-run: 2 stop threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel
  {
#pragma omp single
    {
      if (rank % 2 == 0)
        MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
