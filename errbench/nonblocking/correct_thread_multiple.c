/* Requests created and completed by several threads at once
 * (MPI_THREAD_MULTIPLE).
 *
 * Correct: every OpenMP thread exchanges messages with the same thread of
 * the neighbouring ranks (the tag is the thread number), with MPI_Irecv,
 * MPI_Isend and MPI_Waitall, many times.  The runtime's table of requests
 * is shared by the threads (it takes a lock at this thread level): it
 * must lose nothing and stop nothing.  Silent at compile time, clean at
 * run time.
 *
 * description: threads creating and completing requests concurrently under MPI_THREAD_MULTIPLE
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=4 repeat=2
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
  int provided, rank, size, errors = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  if (provided < MPI_THREAD_MULTIPLE) {
    MPI_Finalize();
    return 0;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma omp parallel reduction(+ : errors)
  {
    int tag = omp_get_thread_num(), step, mine, got;
    MPI_Request pair[2];
    for (step = 0; step < 200; step++) {
      mine = rank * 1000 + step;
      MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, tag, MPI_COMM_WORLD, &pair[0]);
      MPI_Isend(&mine, 1, MPI_INT, (rank + 1) % size, tag, MPI_COMM_WORLD, &pair[1]);
      MPI_Waitall(2, pair, MPI_STATUSES_IGNORE);
      errors += got != ((rank + size - 1) % size) * 1000 + step;
    }
  }
  MPI_Finalize();
  return errors != 0;
}
