/* Every thread of the team computes its share, then calls comm_step of
   comm.c with its thread number; comm_step reduces only in thread 0. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

void comm_step(int tid, const double *partial, double *total);

int main(int argc, char **argv) {
  int provided, rank;
  double partial = 0.0, total = 0.0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int step = 1; step <= 3; ++step) {
#pragma omp parallel
    {
#pragma omp single
      partial = (rank + 1) * step;
      comm_step(omp_get_thread_num(), &partial, &total);
#pragma omp barrier
    }
  }
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
