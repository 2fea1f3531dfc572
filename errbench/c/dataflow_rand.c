/* Value flow, source: rand.
 *
 * What is wrong: each process seeds the generator with its rank, so the
 * draws differ between processes, and only some of them may call
 * MPI_Barrier.  With one process nothing can mismatch: it runs.  (Whether
 * two processes disagree depends on the C library's generator, so only
 * the warning is checked with more.)
 *
 * description: value flow: a rand() draw guards a barrier: warning
 * expect-warning: 28 collective-mismatch
 * expect-conditional: 27
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, draw, one = 1, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  srand(rank + 1);
  draw = rand() % 4;
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  total = 0;
  if (draw == 0)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: depends on the draw */
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
