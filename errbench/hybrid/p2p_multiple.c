/* Thesis figure 2.11, p2p_multiple: every thread sends, thread 0 receives
 * (`if (omp_get_thread_num () == 0)': only the main thread, like a master
 * region), so several threads make MPI calls at once: the sends need
 * MPI_THREAD_MULTIPLE.  The program asks MPI for MULTIPLE (so it runs
 * correctly) and the analysis is told the level is SERIALIZED (table 2.3's
 * "provided" level): a warning at the send and one at MPI_Init_thread.
 * The receive, made by the main thread only, would need FUNNELED by
 * itself: no warning of its own (the thesis, which reads no thread test,
 * gives it the word P).  Unlike the thesis listing, the receives match
 * the sends (each thread 0 receives one message per thread of the other
 * rank), so the program does not deadlock.
 *
 * description: thesis fig. 2.11 p2p_multiple: point-to-point calls by every thread need MULTIPLE
 * compile-flags: -fopenmp
 * plugin-args: thread-level=serialized
 * expect-warning: 33 thread-level
 * expect-warning: 28 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
  int rank, provided, value = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel shared(value)
  {
    int other = 1 - rank, tid = omp_get_thread_num();
    MPI_Send(&tid, 1, MPI_INT, other, tid, MPI_COMM_WORLD);
    if (omp_get_thread_num() == 0) {
      for (int i = 0; i < omp_get_num_threads(); i++)
        MPI_Recv(&value, 1, MPI_INT, other, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
  MPI_Finalize();
  return 0;
}
