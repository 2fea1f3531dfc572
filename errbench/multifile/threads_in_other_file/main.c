/* Every thread of the team calls reduce_sum (reduce.c), which calls
   MPI_Allreduce: under MPI_THREAD_FUNNELED only the main thread may call
   MPI.  Rank 1 waits before its reduction, so that on rank 0 the first
   thread is still inside MPI_Allreduce when the next one enters it.  */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

double reduce_sum(double mine, MPI_Comm comm);

int main(int argc, char **argv)
{
  int provided, rank;
  double total = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel reduction(+ : total)
  {
    int thread = omp_get_thread_num();
    if (rank == 1)
      sleep(2);
    else
      usleep(100000 * thread);
    total += reduce_sum(1.0, MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
