/* Twin of correct/split_size_in_helper.c with a bug: beside the size of
 * its communicator, the helper tests the parity of the world rank.  The
 * size is the same on every member of the group, the parity is not: in a
 * group of two, one member reduces and the other does not.  Warned, and
 * stopped with 2 or more processes.
 *
 * description: twin of correct/split_size_in_helper.c: a rank parity joins the size test before the group's reduction
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 23
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static double group_sum(MPI_Comm comm, double value) {
  int size, rank;
  double sum = value;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  /* the bug: the parity differs between the group's members */
  if (size > 1 && rank % 2 == 0)
    MPI_Allreduce(&value, &sum, 1, MPI_DOUBLE, MPI_SUM, comm);
  return sum;
}

int main(int argc, char **argv) {
  int rank;
  MPI_Comm group;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &group);
  double sum = group_sum(group, rank + 1.0);
  printf("rank %d: group sum %g\n", rank, sum);
  MPI_Comm_free(&group);
  MPI_Finalize();
  return 0;
}
