/* Values that differ without the rank: data received point to point, an
 * element scattered to each process, the environment. */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, size, got = 0, mine, all[64] = {0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > 64) /* value-flow: uniform */
    MPI_Abort(MPI_COMM_WORLD, 1);
  if (rank == 1) /* value-flow: rank */
    MPI_Recv(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  else if (rank == 0) /* value-flow: rank */
    MPI_Send(&size, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  if (got > 0) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Scatter(all, 1, MPI_INT, &mine, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (mine > 0) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  if (getenv("STEPS")) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
