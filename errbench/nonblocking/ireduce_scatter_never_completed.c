/* An MPI_Ireduce_scatter whose request is never completed.
 *
 * What is wrong: every rank starts an MPI_Ireduce_scatter (line 29) and
 * reaches MPI_Finalize without MPI_Wait or MPI_Test on its request: MPI
 * requires every nonblocking operation to be completed first (MPI 4.0,
 * sections 3.7.3 and 11.2.2).  At run time every rank stops in
 * MPI_Finalize, naming the MPI_Ireduce_scatter.
 *
 * description: MPI_Ireduce_scatter never completed before MPI_Finalize
 * expect-warning: 29 request
 * expect-run: 2 stop
 * expect-run: 1 stop
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, got = -1, *counts, *values;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  counts = malloc(size * sizeof *counts);
  values = malloc(size * sizeof *values);
  for (i = 0; i < size; i++)
    counts[i] = 1, values[i] = rank + i;
  MPI_Ireduce_scatter(values, &got, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request); /* BUG */
  MPI_Finalize();
  return 0;
}
