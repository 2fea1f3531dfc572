/* Tasks with collectives, ordered by their dependences: the single
 * region's thread creates a task that broadcasts x (depend(out: x)), one
 * that reduces it into y (depend(in: x) and depend(out: y)), one that reads
 * y (depend(in: y)) and one that then rewrites y (depend(inout: y)): each
 * starts only once the one before it has finished, whichever threads run
 * them, so every process calls MPI_Bcast, MPI_Allreduce, MPI_Allreduce,
 * MPI_Bcast in this order.  A taskwait, then a taskgroup whose task is
 * done at its end, before the single's last MPI_Reduce.  One thread at a
 * time calls MPI: SERIALIZED is enough.  Correct: no warning, no run-time
 * stop.
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
  int provided, rank, x = 0, y = 0, z = 0, total = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    x = 7;
#pragma omp parallel shared(x, y, z, total)
  {
#pragma omp single
    {
#pragma omp task depend(out: x) shared(x)
      {
        usleep(20000);
        MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
#pragma omp task depend(in: x) depend(out: y) shared(x, y)
      MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma omp task depend(in: y) shared(y, z)
      {
        usleep(20000);
        MPI_Allreduce(&y, &z, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      }
#pragma omp task depend(inout: y) shared(y)
      MPI_Bcast(&y, 1, MPI_INT, 0, MPI_COMM_WORLD);
#pragma omp taskwait
#pragma omp taskgroup
      {
#pragma omp task shared(z)
        {
          usleep(20000);
          MPI_Bcast(&z, 1, MPI_INT, 0, MPI_COMM_WORLD);
        }
      }
      MPI_Reduce(&y, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    }
  }
  printf("%d %d %d %d\n", x, y, z, total);
  MPI_Finalize();
  return 0;
}
