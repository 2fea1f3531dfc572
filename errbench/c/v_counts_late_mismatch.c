/* MPI_Allgatherv whose shares go wrong after a few steps: each step the
 * processes rebalance their rows, but a process computes its own share
 * from the new load while the counts array it passes still holds the old
 * shares (the array is refreshed only every tenth step, from the step
 * before).  Steps 0 to 4 are balanced and agree; at step 5 rank 1's count
 * changes while every process still expects its old share.
 *
 * What is wrong: in MPI_Allgatherv the block process i sends (sendcount x
 * sendtype) must be the type signature every process expects from it
 * (recvcounts[i] x recvtype, MPI 4.0 section 6.7).  Nothing to warn at
 * compile time (counts of a v-variant may differ by process); the
 * runtime's wrapper of MPI_Allgatherv compares the blocks of the calls it
 * samples (the first 8 on each communicator, then powers of two) and stops
 * at step 5, naming rank 1's block.
 *
 * description: MPI_Allgatherv whose sendcount drifts from the recvcounts array at the 6th call: no warning, stopped at run time naming the block
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: blocks that do not match: rank 1 sends 4 x 4-byte integer (16 bytes), but this process's recvcounts[1] and recvtype expect 3 x 4-byte integer (12 bytes)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int share(int rank, int step)
{
  return rank + 2 + (step >= 5 && rank == 1 ? 1 : 0);
}

int main(int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int *counts = malloc(nprocs * sizeof *counts);
  int *displs = malloc(nprocs * sizeof *displs);
  int *all = malloc(nprocs * (nprocs + 3) * sizeof *all);
  int mine[8];
  long total = 0;

  for (int step = 0; step < 12; step++) {
    if (step % 10 == 0) {
      int offset = 0;
      for (int i = 0; i < nprocs; i++) {
        counts[i] = share(i, step);
        displs[i] = offset;
        offset += counts[i];
      }
    }
    int n = share(rank, step);
    for (int k = 0; k < n; k++)
      mine[k] = rank * 100 + k;
    MPI_Allgatherv(mine, n, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD);
    total += all[0];
  }
  if (rank == 0)
    printf("total %ld\n", total);
  free(counts);
  free(displs);
  free(all);
  MPI_Finalize();
  return 0;
}
