/* MPI_Gatherv whose counts differ by rank in the wrong way (the MPI Bugs
 * Initiative's shape): every process sends rank + 1 integers, but the
 * root's recvcounts, filled from the root's own count, expect 1 from each.
 *
 * What is wrong: the type signature process i sends must equal the one the
 * root's recvcounts[i] and recvtype give (MPI 4.0 section 6.5); rank 1
 * sends 2 integers where the root expects 1.  Counts that differ by
 * process are no error in a v-variant, and the analysis does not read
 * the contents of counts arrays, so nothing is warned.  The runtime's
 * wrapper of MPI_Gatherv compares each process's block with the root's
 * entry for it and stops the run (rtlib/parcoach_count_checks.c); with
 * instrument=all, the check the plugin inserts before the call does it
 * first.
 *
 * description: MPI_Gatherv: sendcount rank + 1 against a recvcounts array of the root's own count: no warning, stopped at run time
 * expect-run-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: blocks that do not match: rank 1 sends 2 x 4-byte integer (8 bytes), but the root's recvcounts[1] and recvtype expect 1 x 4-byte integer (4 bytes)
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
  int *send = calloc(nprocs + 1, sizeof(int));
  int *recv = calloc((size_t)(nprocs + 1) * (nprocs + 1), sizeof(int));
  int *counts = calloc(nprocs, sizeof(int));
  int *displs = calloc(nprocs, sizeof(int));
  count = rank + 1;
  for (int i = 0; i < nprocs; i++) {
    counts[i] = count;
    displs[i] = i * (nprocs + 1);
  }
  MPI_Gatherv(send, count, MPI_INT, recv, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  free(send);
  free(recv);
  free(counts);
  free(displs);
  MPI_Finalize();
  return 0;
}
