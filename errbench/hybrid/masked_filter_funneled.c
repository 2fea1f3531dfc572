/* masked with and without a filter under MPI_THREAD_FUNNELED.  A masked
 * region with no filter clause, or filter(0), runs on thread 0 of its team
 * only, the main thread in the initial team's region: FUNNELED allows its
 * MPI calls (the first MPI_Allreduce).  filter(1) picks another thread:
 * its MPI_Allreduce needs MPI_THREAD_SERIALIZED, warned at the call and at
 * MPI_Init_thread.  One thread calls each, so the runs end normally.
 *
 * description: masked without filter or filter(0) is a master region; filter(1) needs SERIALIZED
 * compile-flags: -fopenmp
 * requires-gcc: 12
 * expect-warning: 23 thread-level
 * expect-warning: 35 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int provided;
  double one = 1.0, sum = 0.0, other = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
#pragma omp parallel
  {
#pragma omp masked
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
#pragma omp masked filter(0)
    MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
#pragma omp masked filter(1)
    {
      other = 2.0;
      MPI_Allreduce(&one, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
