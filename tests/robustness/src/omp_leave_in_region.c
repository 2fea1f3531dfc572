/* Robustness (compiled with -fopenmp): functions the analysis flags, whose
 * processes may leave (exit, abort) from inside OpenMP regions that GCC
 * outlines after the PARCOACH pass.  Exit checks must not be put there:
 * the outlined body may not refer to the parent's variables (this once was
 * an internal compiler error in expand_expr_real_1). */
#include <mpi.h>
#include <stdlib.h>

void exit_in_parallel(int r, MPI_Comm c)
{
  if (r)
    MPI_Barrier(c);
#pragma omp parallel
  {
    if (r > 4)
      exit(2);
#pragma omp single
    MPI_Barrier(c);
  }
}

void exit_in_task(int r, MPI_Comm c)
{
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      if (r > 2)
        exit(3);
      if (r)
        MPI_Allreduce(MPI_IN_PLACE, &r, 1, MPI_INT, MPI_SUM, c);
    }
  }
  if (r == 1)
    MPI_Bcast(&r, 1, MPI_INT, 0, c);
}

void nested_regions(int r, MPI_Comm c)
{
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < r; i++) {
#pragma omp critical
      {
        if (i == 3)
          abort();
      }
    }
#pragma omp sections
    {
#pragma omp section
      if (r)
        exit(1);
#pragma omp section
      MPI_Barrier(c);
    }
  }
  if (r)
    MPI_Barrier(c);
}
