/* Thesis figure 2.10, coll_serialized: two MPI_Reduce in single regions,
 * the first with nowait: two threads may run them at the same time
 * (Lemma 5).  On one communicator that is erroneous; on two it would need
 * MPI_THREAD_MULTIPLE, which the report at MPI_Init_thread says (table
 * 2.3).  At run time the program stops as soon as two different threads
 * reach the reductions between the same two barriers, whichever reaches
 * its reduction first (the sleep only makes it likely that another thread
 * takes the second single); with one thread it runs clean.
 *
 * description: thesis fig. 2.10 coll_serialized: MPI_Reduce in single nowait and single, concurrent
 * compile-flags: -fopenmp
 * expect-warning: 26 thread-level
 * expect-warning: 39 concurrent-collectives
 * expect-run: 2 ok threads=1
 * expect-run: 2 stop threads=2
 * expect-run: 2 stop threads=4
 */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int rank, res = 0, temp = 0, provided, required;
  required = MPI_THREAD_SERIALIZED;

  MPI_Init_thread(&argc, &argv, required, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  temp = rank;

#pragma omp parallel
  {
#pragma omp single nowait
    {
      usleep(100000);
      MPI_Reduce(&temp, &res, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
#pragma omp single
    {
      MPI_Reduce(&temp, &res, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
  }

  MPI_Finalize();
  return 0;
}
