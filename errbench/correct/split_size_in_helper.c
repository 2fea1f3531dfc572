/* Hierarchical reduction: MPI_Comm_split makes a communicator per group
 * of (up to) two processes; a helper reduces on the communicator it is
 * given only when it holds more than one process (`if (size > 1)'), and
 * returns early from a group of one (`if (size == 1) return').  The sizes
 * differ between groups (with 3 processes: 2 and 1), but a communicator's
 * size is the same on all its members, so every member of each group
 * calls the same collectives: correct, no warning, no stop.
 *
 * description: a helper tests the size of its communicator parameter (made by MPI_Comm_split) before collectives on it
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

static double group_sum(MPI_Comm comm, double value) {
  int size;
  double sum = value;
  MPI_Comm_size(comm, &size);
  if (size > 1)
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
  return sum;
}

static void group_barrier(MPI_Comm comm) {
  int size;
  MPI_Comm_size(comm, &size);
  if (size == 1)
    return;
  MPI_Barrier(comm);
}

int main(int argc, char **argv) {
  int rank;
  MPI_Comm group;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &group);
  double sum = group_sum(group, rank + 1.0);
  group_barrier(group);
  printf("rank %d: group sum %g\n", rank, sum);
  MPI_Comm_free(&group);
  MPI_Finalize();
  return 0;
}
