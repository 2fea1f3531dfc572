/* Pure MPI, the two-level reduction of hybrid codes: a communicator per
 * node (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED), then one of the node
 * leaders, made by MPI_Comm_split with the test itself as the colour
 * (`node_rank == 0').  Only leaders reduce on it, under the same test: the
 * non-leaders got the other colour, so another communicator, which they
 * leave alone (MPI 4.0, section 7.4.2: the processes of one colour form
 * one communicator).  The node communicator spreads the total.  The same
 * with the test negated, and at -O2.  Nothing to warn, nothing to stop;
 * every process must print the total, the number of processes.
 *
 * description: pure MPI: node communicators (MPI_Comm_split_type), leaders split by `node_rank == 0' as colour, leaders' allreduce under the same test
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, node_rank;
  MPI_Comm node, leaders;
  double one = 1.0, node_sum = 0.0, total = 0.0, check = 0.0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_split(MPI_COMM_WORLD, node_rank == 0, rank, &leaders);

  MPI_Reduce(&one, &node_sum, 1, MPI_DOUBLE, MPI_SUM, 0, node);
  if (node_rank == 0)
    MPI_Allreduce(&node_sum, &total, 1, MPI_DOUBLE, MPI_SUM, leaders);
  MPI_Bcast(&total, 1, MPI_DOUBLE, 0, node);

  if (node_rank != 0) {
    /* The non-leaders' communicator: a barrier among them only.  */
    MPI_Barrier(leaders);
  } else {
    MPI_Allreduce(&one, &check, 1, MPI_DOUBLE, MPI_SUM, leaders);
  }

  if (total != (double)size) {
    fprintf(stderr, "rank %d: total %g, expected %d\n", rank, total, size);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Comm_free(&leaders);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
