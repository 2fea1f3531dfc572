/* MPI_Alltoallv whose counts arrays do not pair up: every process sends
 * rank + 1 integers to each other one, and expects rank + 1 from each
 * (the MPI Bugs Initiative's shape).
 *
 * What is wrong: what process i sends process j (i's sendcounts[j] x
 * sendtype) must be the type signature j receives from i (j's
 * recvcounts[i] x recvtype: MPI 4.0 section 6.8); rank 0 sends rank 1 one
 * integer where rank 1 expects two.  Not warned: the analysis does not
 * read the contents of counts arrays.  At run time the wrapper of
 * MPI_Alltoallv (with instrument=all, the check inserted before it)
 * exchanges the blocks pair by pair and stops the run.
 *
 * description: MPI_Alltoallv with counts arrays that do not pair up: no warning; stopped at run time
 * expect-run-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: blocks that do not match
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int *counts = malloc(nprocs * sizeof(int));
  int *displs = malloc(nprocs * sizeof(int));
  int *out = calloc((size_t)nprocs * (nprocs + 1), sizeof(int));
  int *in = calloc((size_t)nprocs * (nprocs + 1), sizeof(int));
  for (int j = 0; j < nprocs; j++) {
    counts[j] = rank + 1;
    displs[j] = j * (nprocs + 1);
  }
  MPI_Alltoallv(out, counts, displs, MPI_INT, in, counts, displs, MPI_INT, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  free(counts);
  free(displs);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}
