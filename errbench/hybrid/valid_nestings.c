/* Nestings OpenMP 5.1 allows (section 2.22, "Nesting of Regions"), which
 * must not be reported as forbidden: a masked region inside a masked
 * region (the restriction on masked names worksharing, loop, atomic, task
 * and taskloop regions only); a target region inside a task, whose own
 * worksharing loop and barrier bind to the target region's implicit
 * parallel region, not to the task; a master region inside a critical
 * region.  The collective in the masked regions is called by thread 0
 * only (SERIALIZED is enough: masked may select another thread).  GCC 11,
 * which has no masked construct, compiles a master region instead.
 * Correct: no warning, no run-time stop.
 *
 * description: valid OpenMP 5.1 nestings (masked in masked, target with a loop and a barrier in a task): silent
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, i, value = 1, total = 0, data[8] = {0}, count = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
#pragma omp parallel shared(value, total, data, count)
  {
#if __GNUC__ >= 12
#pragma omp masked
    {
#pragma omp masked filter(0)
      MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }
#else /* GCC 11 has no masked construct */
#pragma omp master
    MPI_Allreduce(&value, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#endif
#pragma omp barrier
#pragma omp single
    {
#pragma omp task shared(data)
      {
#pragma omp target map(tofrom: data)
        {
#pragma omp for
          for (i = 0; i < 8; i++)
            data[i] = i;
#pragma omp barrier
        }
      }
    }
#pragma omp critical
    {
#pragma omp master
      count++;
    }
  }
  printf("%d %d %d\n", total, data[7], count);
  MPI_Finalize();
  return 0;
}
