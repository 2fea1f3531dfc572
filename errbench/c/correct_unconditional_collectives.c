/* Correct: every collective is called unconditionally, in the same order,
 * by every process.  Rank-dependent code (the root's printf, the buffer
 * contents) does not decide any collective.
 *
 * No warning, nothing instrumented, the program runs.
 *
 * description: unconditional Bcast, Scatter, Allreduce, Gather, Ibarrier+Wait, Barrier: silent
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, n = 0, piece = 0, sum = 0, i;
  int *all = NULL, *back = NULL;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  if (rank == 0) {              /* rank-dependent, but no collective inside */
    n = 10;
    all = malloc(size * sizeof *all);
    back = malloc(size * sizeof *back);
    for (i = 0; i < size; i++)
      all[i] = i * n;
  }
  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatter(all, 1, MPI_INT, &piece, 1, MPI_INT, 0, MPI_COMM_WORLD);
  piece += n;
  MPI_Allreduce(&piece, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Gather(&piece, 1, MPI_INT, back, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == 0) {
    printf("sum = %d\n", sum);
    free(all);
    free(back);
  }
  MPI_Finalize();
  return 0;
}
