/* The correct twin of ireduce_scatter_never_completed.c: the request of
 * MPI_Ireduce_scatter is completed by MPI_Wait before its buffers are
 * used, and the result is the one MPI defines (the sum over the ranks r
 * of r + rank: size * (size - 1) / 2 + size * rank).
 *
 * description: MPI_Ireduce_scatter completed by MPI_Wait, result checked
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
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
  MPI_Ireduce_scatter(values, &got, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (got != size * (size - 1) / 2 + size * rank) {
    fprintf(stderr, "rank %d: got %d\n", rank, got);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  free(counts);
  free(values);
  MPI_Finalize();
  return 0;
}
