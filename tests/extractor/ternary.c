/* Values chosen by conditional expressions: the front end folds a choice
 * between 1 and 0 into the comparison itself, and lowers a choice between
 * variables into a branch and a join.  Either way the value differs when
 * the choice does. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, left = 3, right = 5;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int root = rank == 0 ? 1 : 0; /* value-flow: rank, if lowered to a branch */
  if (root) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  int chosen = rank % 2 ? left : right; /* value-flow: rank */
  if (chosen == 3) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  int width = size > 2 ? left : right; /* value-flow: uniform */
  if (width == 3) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
