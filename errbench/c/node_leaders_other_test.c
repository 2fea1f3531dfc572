/* Twin of correct/hierarchical_node_leaders.c: the communicator is split
 * by `node_rank == 0', but the allreduce on it runs under `node_rank == 1'.
 * Node ranks 1, 2, ... share the colour 0, hence one communicator, and
 * only node rank 1 calls the collective: with 3 processes on one node,
 * node rank 2 never does, and rank 1 would wait forever.
 *
 * description: leaders split by `node_rank == 0', allreduce on it under `node_rank == 1'
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 29
 * expect-run: 1 ok
 * expect-run: 3 stop
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, node_rank;
  MPI_Comm node, leaders;
  double one = 1.0, total = 0.0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &node_rank);
  MPI_Comm_split(MPI_COMM_WORLD, node_rank == 0, rank, &leaders);
  MPI_Barrier(node);

  if (node_rank == 1)
    MPI_Allreduce(&one, &total, 1, MPI_DOUBLE, MPI_SUM, leaders);

  MPI_Comm_free(&leaders);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
