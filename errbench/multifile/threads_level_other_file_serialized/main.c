/* Twin of threads_level_other_file, correct: MPI_THREAD_SERIALIZED is
   requested, so any one thread of the team may run the exchange of the
   single region; then every thread calls exchange_by_master, whose own
   master region leaves the MPI calls to the main thread (FUNNELED would
   do for that one).  */
#include <mpi.h>
#include <stdio.h>

void exchange(double *left, double *right, int rank, int size);
void exchange_by_master(double *left, double *right, int rank, int size);

int main(int argc, char **argv)
{
  int provided, rank, size;
  double left = -1, right = -1, left2 = -1, right2 = -1;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma omp parallel
  {
#pragma omp single
    exchange(&left, &right, rank, size);
    exchange_by_master(&left2, &right2, rank, size);
  }
  if (left != (rank + size - 1) % size || right != (rank + 1) % size ||
      left2 != left || right2 != right) {
    printf("rank %d: wrong neighbours %g %g %g %g\n", rank, left, right, left2, right2);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
