/* A request handle overwritten by an MPI_Ialltoallw while its first
 * MPI_Ialltoallw is active.
 *
 * What is wrong: every rank starts two MPI_Ialltoallw into the same
 * handle `request' (lines 34 and 36) and waits for the second only: the
 * first request is lost, still active at MPI_Finalize (MPI 4.0, section
 * 3.7.3: a request handle is the only way to complete its operation).  At
 * run time every rank stops in MPI_Finalize, naming the first
 * MPI_Ialltoallw and the one that overwrote its handle.
 *
 * description: MPI_Ialltoallw request handle overwritten by a second MPI_Ialltoallw before MPI_Wait
 * expect-warning: 36 request
 * expect-run: 2 stop
 * expect-stop-message: overwritten
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, *counts, *displs, *out, *in, *again;
  MPI_Datatype *types;
  MPI_Request request;

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
                 &request);
  MPI_Ialltoallw(out, counts, displs, types, again, counts, displs, types, MPI_COMM_WORLD, /* BUG */
                 &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
