/* A helper posts an MPI_Isend into a local handle and returns.
 *
 * What is wrong: `post' (line 18) starts an MPI_Isend whose request lives
 * in its local variable `request'; the function returns without
 * completing it, so the handle dies with the request active: nobody can
 * complete it any more, and it is still active at MPI_Finalize.  The
 * compiler warns at the MPI_Isend; at run time each rank stops in
 * MPI_Finalize, naming it.
 *
 * description: an MPI_Isend whose local handle goes out of scope at the function's return
 * expect-warning: 21 request
 * expect-run: 2 stop
 */
#include <mpi.h>

static int value;

static void post(int to)
{
  MPI_Request request;
  MPI_Isend(&value, 1, MPI_INT, to, 0, MPI_COMM_WORLD, &request);
}

int main(int argc, char **argv)
{
  int rank, size, got;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  value = rank;
  post((rank + 1) % size);
  MPI_Recv(&got, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
