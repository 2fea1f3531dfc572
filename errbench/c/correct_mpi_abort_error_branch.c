/* Correct: error branches that end the whole job (MPI_Abort, abort()) do
 * not count as divergence.  A process taking them kills every process, so
 * nobody is left waiting in a collective.  The collectives after the checks
 * are called on every path that continues: no warning.
 *
 * description: MPI_Abort and abort() on error branches before collectives: silent
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

double normalise(int rank, int size, double x)
{
  double total = 0.0;

  if (rank >= size) {           /* cannot happen: error branch */
    fprintf(stderr, "rank %d: inconsistent size %d\n", rank, size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Allreduce(&x, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (total <= 0.0) {           /* same value everywhere; never true here */
    fprintf(stderr, "rank %d: empty total\n", rank);
    abort();
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return x / total;
}

int main(int argc, char **argv)
{
  int rank, size;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  normalise(rank, size, rank + 1.0);
  MPI_Finalize();
  return 0;
}
