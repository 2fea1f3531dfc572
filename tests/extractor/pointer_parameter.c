/* The rank goes out through a pointer parameter of a helper, and into
 * another helper through a pointer parameter; that helper's parameter is
 * the join of its call sites. */
#include <mpi.h>

static void get_rank(int *r) { MPI_Comm_rank(MPI_COMM_WORLD, r); }

static void get_size(int *s) { MPI_Comm_size(MPI_COMM_WORLD, s); }

static void sync_if_first(const int *who) {
  if (*who == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
}

static void sync_if_many(const int *how_many) {
  if (*how_many > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  get_rank(&rank);
  get_size(&size);
  if (rank == 1) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size == 2) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  sync_if_first(&size);
  sync_if_first(&rank);
  sync_if_many(&size);
  MPI_Finalize();
  return 0;
}
