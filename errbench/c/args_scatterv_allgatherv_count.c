/* MPI_Scatterv and MPI_Allgatherv whose blocks do not match.
 *
 * What is wrong: in MPI_Scatterv the root sends process i
 * sendcounts[i] x sendtype, which must be the type signature i receives
 * (MPI 4.0 section 6.6); here every process receives rank + 1 integers
 * while the root's sendcounts say 1 for each.  Nothing is warned (the
 * counts of a v-variant may differ by process); at run time the root
 * compares each process's block with its entry for it and stops, naming
 * rank 1's (the wrapper of MPI_Scatterv, or with instrument=all the
 * check inserted before it).
 * (With one process it is correct; the MPI_Allgatherv after it, whose
 * blocks of rank + 1 integers every process expects as i + 1 from rank i,
 * is correct: its own check stays silent.)
 *
 * description: MPI_Scatterv: recvcount rank + 1 against sendcounts of 1: no warning, stopped at run time; a correct MPI_Allgatherv after it
 * expect-run-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 * expect-stop-message: the root's sendcounts[1] and sendtype send 1 x 4-byte integer (4 bytes), but rank 1's recvcount and recvtype expect 2 x 4-byte integer (8 bytes)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, nprocs, count;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int *block = calloc(nprocs + 1, sizeof(int));
  int *all = calloc((size_t)(nprocs + 1) * (nprocs + 1), sizeof(int));
  int *counts = calloc(nprocs, sizeof(int));
  int *displs = calloc(nprocs, sizeof(int));
  count = rank + 1;
  for (int i = 0; i < nprocs; i++) {
    counts[i] = 1;
    displs[i] = i * (nprocs + 1);
  }
  MPI_Scatterv(all, counts, displs, MPI_INT, block, count, MPI_INT, 0, MPI_COMM_WORLD);
  for (int i = 0; i < nprocs; i++)
    counts[i] = i + 1;
  MPI_Allgatherv(block, count, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  free(block);
  free(all);
  free(counts);
  free(displs);
  MPI_Finalize();
  return 0;
}
