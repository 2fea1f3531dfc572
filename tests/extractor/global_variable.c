/* The rank is stored in a global by one function and read by another;
 * a global holding a constant stays uniform. */
#include <mpi.h>

static int my_rank;
static int steps = 10;

static void init_rank(void) { MPI_Comm_rank(MPI_COMM_WORLD, &my_rank); }

static void step(void) {
  if (my_rank == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (steps > 5) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  init_rank();
  step();
  if (my_rank != 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
