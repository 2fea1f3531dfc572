/* Two tasks with collectives, ordered by their dependences: the single
 * region's thread creates a task that broadcasts x (depend(out: x)) and
 * one that reduces it (depend(in: x)): the second starts only once the
 * first has finished, whichever threads run them, so every process calls
 * MPI_Bcast and then MPI_Allreduce.  Then a third and fourth task, where
 * the later one writes what the earlier one reads (depend(in: y), then
 * depend(inout: y)): ordered too.  The tasks of a taskgroup are done at its
 * end, before the single's last MPI_Reduce.  One thread at a time calls
 * MPI: SERIALIZED is enough.  Correct: no warning, no run-time stop.
 *
 * description: tasks with collectives ordered by depend(out/in), depend(in/inout) and a taskgroup: correct
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int provided, rank, x = 0, y = 0, z = 0, sum = 0, total = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    x = 7;
#pragma omp parallel shared(x, y, z, sum, total)
  {
#pragma omp single
    {
#pragma omp task depend(out: x) shared(x)
      {
        usleep(20000);
        MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
#pragma omp task depend(in: x) shared(x, sum)
      MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma omp task depend(in: y) shared(y, z)
      {
        usleep(20000);
        MPI_Allreduce(&y, &z, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      }
#pragma omp task depend(inout: y) shared(y)
      MPI_Bcast(&y, 1, MPI_INT, 0, MPI_COMM_WORLD);
#pragma omp taskgroup
      {
#pragma omp task shared(z)
        {
          usleep(20000);
          MPI_Bcast(&z, 1, MPI_INT, 0, MPI_COMM_WORLD);
        }
      }
      MPI_Reduce(&x, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
  }
  printf("%d %d %d\n", x, sum, z);
  MPI_Finalize();
  return 0;
}
