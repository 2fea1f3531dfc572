/* The master thread alone calls reduce_sum (reduce.c), which calls
   MPI_Allreduce; the team meets it again at the barrier: what
   MPI_THREAD_FUNNELED allows, however long the reduction takes (rank 1
   waits before its own).  */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

double reduce_sum(double mine, MPI_Comm comm);

int main(int argc, char **argv)
{
  int provided, rank;
  double total = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel
  {
#pragma omp master
    {
      if (rank == 1)
        sleep(1);
      total = reduce_sum(1.0, MPI_COMM_WORLD);
    }
#pragma omp barrier
  }
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
