/* MPI + OpenMP: a rank-dependent collective inside a master region.
 *
 * What is wrong: only rank 0 calls MPI_Barrier (the `if' of line 25).
 * The warning must blame that `if' only, not the thread test that OpenMP
 * lowering puts around the master region.  At run time rank 0's master
 * thread checks before MPI_Barrier while rank 1 checks before leaving the
 * function: the program stops.
 *
 * description: MPI + OpenMP: rank-dependent MPI_Barrier in a master region; only the rank test is blamed
 * compile-flags: -fopenmp
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 25
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <omp.h>

void step(int rank)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp master
    {
      if (rank == 0)
        MPI_Barrier(MPI_COMM_WORLD);
    }
  }
}

int main(int argc, char **argv)
{
  int rank, provided;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  step(rank);
  MPI_Finalize();
  return 0;
}
