/* The rank is stored in one field of a record, a constant in another:
 * the fields are told apart, also behind a pointer to the record. */
#include <mpi.h>

struct config {
  int rank;
  int steps;
};

static void check(const struct config *c) {
  if (c->rank == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (c->steps > 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  struct config c;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &c.rank);
  c.steps = 4;
  if (c.rank == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (c.steps > 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  check(&c);
  MPI_Finalize();
  return 0;
}
