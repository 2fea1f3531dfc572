/* The correct twin of ialltoallw_handle_overwritten.c: the two
 * MPI_Ialltoallw get a handle each and are completed by one MPI_Waitall
 * before their receive buffers are read; each block received holds the
 * sender's rank.
 *
 * description: two MPI_Ialltoallw in a request array completed by MPI_Waitall, results checked
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, *counts, *displs, *out, *in, *again;
  MPI_Datatype *types;
  MPI_Request requests[2];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  counts = malloc(size * sizeof *counts), displs = malloc(size * sizeof *displs);
  types = malloc(size * sizeof *types);
  out = malloc(size * sizeof *out), in = malloc(size * sizeof *in);
  again = malloc(size * sizeof *again);
  for (i = 0; i < size; i++)
    counts[i] = 1, displs[i] = i * (int)sizeof(int), types[i] = MPI_INT, out[i] = rank;
  MPI_Ialltoallw(out, counts, displs, types, in, counts, displs, types, MPI_COMM_WORLD,
                 &requests[0]);
  MPI_Ialltoallw(out, counts, displs, types, again, counts, displs, types, MPI_COMM_WORLD,
                 &requests[1]);
  MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
  for (i = 0; i < size; i++)
    if (in[i] != i || again[i] != i) {
      fprintf(stderr, "rank %d: block %d holds %d and %d\n", rank, i, in[i], again[i]);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  free(counts), free(displs), free(types), free(out), free(in), free(again);
  MPI_Finalize();
  return 0;
}
