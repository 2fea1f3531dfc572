/* MPI_THREAD_FUNNELED is requested, but the exchange of exchange.c runs in
   a single region: whichever thread of the team gets there first makes its
   MPI_Sendrecv calls, which then need MPI_THREAD_SERIALIZED.  One file at a
   time nothing shows it: main.c sees no MPI call in the region, exchange.c
   sees MPI calls in sequential code.  */
#include <mpi.h>
#include <stdio.h>

void exchange(double *left, double *right, int rank, int size);

int main(int argc, char **argv)
{
  int provided, rank, size;
  double left = -1, right = -1;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma omp parallel
  {
#pragma omp single
    exchange(&left, &right, rank, size);
  }
  if (left != (rank + size - 1) % size || right != (rank + 1) % size) {
    printf("rank %d: wrong neighbours %g and %g\n", rank, left, right);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
