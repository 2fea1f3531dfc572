/* The four v-variants with counts that differ by process, correctly: a
 * pipeline of blocks of rank + 1 integers, as an application that gives
 * each process its own share would.  MPI_Gatherv, MPI_Scatterv,
 * MPI_Allgatherv and MPI_Alltoallv (process i sends j + 1 integers to
 * process j, and expects i + 1 from each) with counts arrays that say so,
 * MPI_IN_PLACE at the root of MPI_Gatherv (which makes the root call it
 * from another line).  Nothing to warn; under instrument=all every call
 * is checked block by block: nothing to stop.
 *
 * description: correct MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv, MPI_Alltoallv with per-process counts (one in place): silent, clean on 1 to 4 processes, checked block by block under instrument=all
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, nprocs, total = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int mine = rank + 1;
  int *counts = malloc(nprocs * sizeof(int));
  int *displs = malloc(nprocs * sizeof(int));
  int *sendcounts = malloc(nprocs * sizeof(int));
  int *sdispls = malloc(nprocs * sizeof(int));
  for (int i = 0; i < nprocs; i++) {
    counts[i] = i + 1;
    displs[i] = total;
    total += i + 1;
  }
  int *block = malloc(mine * sizeof(int));
  int *all = malloc(total * sizeof(int));
  for (int k = 0; k < mine; k++)
    block[k] = rank;
  for (int k = 0; k < total; k++)
    all[k] = -1;

  /* The root's own block is already in place.  */
  if (rank == 0) {
    all[0] = 0;
    MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, counts, displs, MPI_INT, 0,
                MPI_COMM_WORLD);
  } else {
    MPI_Gatherv(block, mine, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  }
  MPI_Scatterv(all, counts, displs, MPI_INT, block, mine, MPI_INT, 0, MPI_COMM_WORLD);
  for (int k = 0; k < mine; k++)
    if (block[k] != rank)
      MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Allgatherv(block, mine, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);

  /* Alltoallv: j + 1 integers to each process j; i + 1 from each.  */
  int sent = 0;
  for (int j = 0; j < nprocs; j++) {
    sendcounts[j] = j + 1;
    sdispls[j] = sent;
    sent += j + 1;
  }
  int *out = malloc(sent * sizeof(int));
  int *in = malloc(nprocs * mine * sizeof(int));
  int *incounts = malloc(nprocs * sizeof(int));
  int *indispls = malloc(nprocs * sizeof(int));
  for (int k = 0; k < sent; k++)
    out[k] = rank;
  for (int j = 0; j < nprocs; j++) {
    incounts[j] = mine;
    indispls[j] = j * mine;
  }
  MPI_Alltoallv(out, sendcounts, sdispls, MPI_INT, in, incounts, indispls, MPI_INT,
                MPI_COMM_WORLD);
  for (int j = 0; j < nprocs; j++)
    if (in[j * mine] != j || all[displs[j]] != j)
      MPI_Abort(MPI_COMM_WORLD, 3);
  if (rank == 0)
    printf("%d processes, %d values gathered\n", nprocs, total);
  free(counts);
  free(displs);
  free(sendcounts);
  free(sdispls);
  free(block);
  free(all);
  free(out);
  free(in);
  free(incounts);
  free(indispls);
  MPI_Finalize();
  return 0;
}
