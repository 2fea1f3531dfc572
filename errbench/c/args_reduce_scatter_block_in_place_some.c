/* MPI_Reduce_scatter_block with MPI_IN_PLACE as sendbuf on the odd ranks
 * only.
 *
 * What is wrong: the "in place" option of MPI_Reduce_scatter_block is
 * given by passing MPI_IN_PLACE as sendbuf on all processes (MPI 4.0
 * section 6.10.1); on some only, the call is erroneous.  The two calls sit
 * in the two branches of a rank test, one collective each: no mismatch of
 * order, no warning.  With instrument=all the check before each call
 * compares the use of MPI_IN_PLACE and stops the run.
 *
 * description: MPI_Reduce_scatter_block with MPI_IN_PLACE on odd ranks only: stopped with instrument=all
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 * expect-stop-message: MPI_IN_PLACE as sendbuf on some processes only
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, mine = 0;
  int *data;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  data = malloc(size * sizeof *data);
  for (i = 0; i < size; i++)
    data[i] = rank + i;
  /* BUG: the odd ranks reduce in place, the even ranks from a buffer */
  if (rank % 2 == 1)
    MPI_Reduce_scatter_block(MPI_IN_PLACE, data, 1, MPI_INT, MPI_SUM,
                             MPI_COMM_WORLD);
  else
    MPI_Reduce_scatter_block(data, &mine, 1, MPI_INT, MPI_SUM,
                             MPI_COMM_WORLD);
  printf("rank %d: %d\n", rank, rank % 2 == 1 ? data[0] : mine);
  free(data);
  MPI_Finalize();
  return 0;
}
