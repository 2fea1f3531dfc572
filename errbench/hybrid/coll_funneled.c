/* Thesis figure 2.10, coll_funneled: the barrier is in a single region, so
 * a thread other than the main one may call it: the program requests
 * MPI_THREAD_FUNNELED but requires MPI_THREAD_SERIALIZED (table 2.3).  One
 * warning at the call, one at MPI_Init_thread.  Only one thread calls the
 * barrier, so nothing stops the run (thread-level compliance of
 * non-collective situations is checked at compile time only).
 *
 * description: thesis fig. 2.10 coll_funneled: MPI_Barrier in a single region needs SERIALIZED
 * compile-flags: -fopenmp
 * expect-warning: 23 thread-level
 * expect-warning: 30 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int provided, required;
  required = MPI_THREAD_FUNNELED;

  MPI_Init_thread(&argc, &argv,
                  required, &provided);

#pragma omp parallel
  {
#pragma omp single
    {
      MPI_Barrier(MPI_COMM_WORLD);
    }
  }

  MPI_Finalize();
  return 0;
}
