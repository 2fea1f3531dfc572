/* Collectives that make a value the same on every process: MPI_Bcast of
 * the variable, MPI_Allreduce into it (also in place).  The variable the
 * reduction reads keeps its own value. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, n, sum, total;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  n = rank;
  if (n > 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (n > 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (sum > 3) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank > 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  total = rank;
  MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (total > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
