/* A request handle overwritten while its request is active.
 *
 * What is wrong: each rank posts two MPI_Isend into the same handle
 * `request' (lines 27 and 28) and waits for the second only: the first
 * request is lost, never completed, and still active at MPI_Finalize.
 * The handle is certainly active when the second MPI_Isend overwrites it:
 * the compiler warns there.  At run time each rank stops in MPI_Finalize,
 * naming the first MPI_Isend and the one that overwrote its handle.
 *
 * description: a request handle overwritten by a second MPI_Isend before MPI_Wait
 * expect-warning: 28 request
 * expect-run: 2 stop
 * expect-run: 1 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, first, second, got[2];
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  first = rank;
  second = -rank;
  MPI_Isend(&first, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &request);
  MPI_Isend(&second, 1, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD, &request); /* BUG */
  MPI_Recv(&got[0], 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Recv(&got[1], 1, MPI_INT, (rank + size - 1) % size, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
