/* The correct twin of isendrecv_never_completed.c: MPI_Isendrecv with the
 * neighbours of a ring, completed by MPI_Wait before the received value
 * is read; the value is the left neighbour's rank.  MPI 4 only: MPICH
 * here has it, Open MPI 4.1 does not.
 *
 * description: MPI_Isendrecv on a ring completed by MPI_Wait, result checked
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 * requires-mpi-version: 4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, mine, got = -1;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  mine = rank;
  MPI_Isendrecv(&mine, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT,
                (rank + size - 1) % size, 0, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  if (got != (rank + size - 1) % size) {
    fprintf(stderr, "rank %d: got %d\n", rank, got);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
