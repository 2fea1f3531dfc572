/* MPI_Reduce_scatter whose recvcounts array differs between processes
 * while its sum does not: rank 0 asks for {2, 0, 1, ...}, the others for
 * {1, 1, 1, ...}.
 *
 * What is wrong: the standard's description of recvcounts (MPI 4.0
 * section 6.10.1, MPI_Reduce_scatter) requires the same array on every
 * calling process: its whole contents, not only its total (rank 0 would get 2 elements of the result and rank 1 none by
 * its own array, 1 each by the others').  MPICH runs it without a word.
 * The array is filled per element, which the compiler takes as one value
 * and does not warn about.  At run time the wrapper of MPI_Reduce_scatter
 * (with instrument=all, the check before the call) compares the arrays'
 * contents (the total alone is equal) and stops the run naming both
 * arrays.
 *
 * description: MPI_Reduce_scatter with recvcounts {2,0,1,..} on rank 0, {1,1,1,..} elsewhere (same sum): stopped at run time
 * expect-run-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: different recvcounts arrays
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i;
  int *recvcounts, *send, recv[4];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  recvcounts = malloc(size * sizeof *recvcounts);
  send = malloc(size * sizeof *send);
  for (i = 0; i < size; ++i) {
    recvcounts[i] = 1;
    send[i] = rank + i;
  }
  /* BUG: rank 0's array differs from the others' (same sum) */
  if (rank == 0 && size > 1) {
    recvcounts[0] = 2;
    recvcounts[1] = 0;
  }
  MPI_Reduce_scatter(send, recv, recvcounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: %d\n", rank, recv[0]);
  free(send);
  free(recvcounts);
  MPI_Finalize();
  return 0;
}
