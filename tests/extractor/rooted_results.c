/* Collectives whose output only the root receives (MPI_Reduce,
 * MPI_Gather) leave it different elsewhere; their all- versions give it to
 * every process.  In a communicator made by MPI_Comm_split the rank
 * differs, and so does the size (the two halves of an odd number of
 * processes), though not between the members of one. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, sum = 0, total, gathered[64] = {0}, everyone[64], sub_rank, sub_size;
  MPI_Comm half;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (sum > 0) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (total > 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Gather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (gathered[1] > 0) /* value-flow: differs */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Allgather(&rank, 1, MPI_INT, everyone, 1, MPI_INT, MPI_COMM_WORLD);
  if (everyone[1] > 0) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_rank(half, &sub_rank);
  MPI_Comm_size(half, &sub_size);
  if (sub_rank == 0) /* value-flow: rank */
    MPI_Barrier(half);
  if (sub_size > 1) /* value-flow: differs */
    MPI_Barrier(half);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
