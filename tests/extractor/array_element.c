/* The rank is written into an array element by MPI_Comm_rank; another
 * array holds only constants. */
#include <mpi.h>

int main(int argc, char **argv) {
  int ids[2];
  int widths[3] = {1, 2, 3};
  int i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &ids[1]);
  ids[0] = 7;
  if (ids[1] == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (widths[2] > 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  i = ids[1];
  if (widths[i % 3] > 1) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
