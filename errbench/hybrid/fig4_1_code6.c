/* Thesis figure 4.1, Code 6 (CFG of figure 4.3): a rank-dependent
 * conditional, then nested parallel regions, a single region and
 * MPI_Allreduce (word P2P4S6): categories 1 and 3 of figure 4.2 at once,
 * a collective several threads may call and a collective mismatch.  The
 * single is not an OpenMP collective problem: rank is the same in every
 * thread of the inner team (it differs between processes only).  With
 * one thread the mismatch stops the run; with two, the multithreaded call
 * does (or the mismatch, whichever comes first).
 * description: thesis fig. 4.1 code 6 / fig. 4.3: nested parallel, single, rank-dependent MPI_Allreduce
 * compile-flags: -fopenmp
 * expect-warning: 27 thread-level
 * expect-warning: 27 collective-mismatch
 * expect-conditional: 25
 * expect-run: 2 stop threads=1
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>

void f(int rank, int *in, int *out)
{
#pragma omp parallel
  {
#pragma omp parallel
    {
      if (rank == 0) {
#pragma omp single
        MPI_Allreduce(in, out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      }
    }
  }
}

int main(int argc, char **argv)
{
  int rank, provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  f(rank, &in, &out);
  MPI_Finalize();
  return 0;
}
