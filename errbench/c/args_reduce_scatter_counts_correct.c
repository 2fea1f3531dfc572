/* MPI_Reduce_scatter with a recvcounts array whose entries differ from
 * one another ({1, 2, 3, ...}) but that every process fills alike, and
 * MPI_Reduce_scatter_block: correct (MPI 4.0 section 6.10: the same
 * recvcounts on every process; each process receives its own entry's
 * worth).  With instrument=all the checks compare the arrays' contents and
 * stay silent.
 *
 * description: MPI_Reduce_scatter with recvcounts {1,2,3,..} on every process: silent, runs clean with instrument=all
 * plugin-args: instrument=all
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, total = 0, block = 0;
  int *recvcounts, *send, recv[8];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  recvcounts = malloc(size * sizeof *recvcounts);
  for (i = 0; i < size; ++i) {
    recvcounts[i] = i + 1;
    total += i + 1;
  }
  send = malloc(total * sizeof *send);
  for (i = 0; i < total; ++i)
    send[i] = i;
  MPI_Reduce_scatter(send, recv, recvcounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(send, &block, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: %d %d\n", rank, recv[0], block);
  free(send);
  free(recvcounts);
  MPI_Finalize();
  return 0;
}
