/* Values returned by helpers: a helper returning the rank, and one whose
 * result is computed from its parameter (differs or not by call site). */
#include <mpi.h>

static int my_rank(void) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

static int twice(int x) { return 2 * x; }

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  rank = my_rank();
  if (my_rank() == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (twice(rank) > 2) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (twice(size) > 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
