/* Robustness (compiled with -fopenmp): MPI collectives inside OpenMP
 * master/single/sections/critical regions and after worksharing loops;
 * the thread-selection conditionals OpenMP lowering adds must not confuse
 * the analysis. */
#include <mpi.h>
#include <omp.h>

void in_master(int rank)
{
#pragma omp parallel
  {
#pragma omp master
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp barrier
#pragma omp single
    {
      if (rank)
        MPI_Barrier(MPI_COMM_WORLD);
    }
  }
}

double after_loop(int n)
{
  double s = 0.0;
  int i;
#pragma omp parallel for reduction(+ : s)
  for (i = 0; i < n; i++)
    s += i;
  MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

void sections(int rank)
{
#pragma omp parallel sections
  {
#pragma omp section
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp section
    {
      if (rank)
        MPI_Barrier(MPI_COMM_WORLD);
    }
  }
}

void critical_and_tasks(int n)
{
#pragma omp parallel
  {
#pragma omp critical
    MPI_Barrier(MPI_COMM_WORLD);
#pragma omp single nowait
    {
      int i;
      for (i = 0; i < n; i++) {
#pragma omp task
        MPI_Barrier(MPI_COMM_WORLD);
      }
    }
#pragma omp masked
    if (omp_get_thread_num() == 0)
      MPI_Barrier(MPI_COMM_WORLD);
  }
}

void serial_if(int rank)
{
#pragma omp parallel if (rank > 1) num_threads(2)
  {
#pragma omp for nowait
    for (int i = 0; i < 4; i++)
      if (i == 0)
        MPI_Barrier(MPI_COMM_WORLD);
  }
}
