/* `rank < size' with the communicator in a variable: decided when both
 * calls read the same definition of it (one assignment, no write in
 * between, none in a loop); another variable, or a write between the
 * calls, leaves it blamed. */
#include <mpi.h>

static void step(MPI_Comm world_copy, int x, int y) {
  MPI_Comm comm = world_copy, other;
  int rank, size, other_size;
  MPI_Comm_dup(comm, &other);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Comm_size(other, &other_size);
  if (rank < size) /* value-flow: uniform */
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, comm);
  if (rank <= size - 1) /* value-flow: uniform */
    MPI_Barrier(comm);
  if (rank < size - 1) /* value-flow: rank */
    MPI_Barrier(comm);
  if (rank < other_size) /* value-flow: rank */
    MPI_Barrier(comm);
  if (size > 1 || rank == 0) /* value-flow: uniform */
    MPI_Barrier(comm);
  MPI_Comm_rank(comm, &rank);
  comm = other;
  MPI_Comm_size(comm, &size);
  if (rank < size) /* value-flow: rank */
    MPI_Barrier(comm);
  MPI_Comm_free(&other);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  step(MPI_COMM_WORLD, 1, 2);
  MPI_Finalize();
  return 0;
}
