/* A v-variant whose root depends on the rank.
 *
 * What is wrong: MPI_Gatherv lets every process send a different count
 * (that part is correct here: process i sends i + 1 ints, as the root's
 * recvcounts say), but its root "must have identical values on all
 * processes"; here each process names itself the root of the lower half
 * or of the upper half.  A collective-arguments warning names the root
 * only (the per-process sendcount is no error), and the check stops the
 * run before MPI_Gatherv, naming the roots.
 *
 * description: MPI_Gatherv with correct per-process counts but a rank-dependent root: warned on the root only, stopped
 * expect-warning: 42 collective-arguments
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 * expect-stop-message: different roots: root 0 on rank
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
  int rank, size, i, root;
  int mine[MAXP], all[MAXP * MAXP];
  int counts[MAXP], displs[MAXP];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (i = 0; i < size; i++) {
    counts[i] = i + 1;
    displs[i] = i * MAXP;
  }
  for (i = 0; i <= rank; i++)
    mine[i] = rank;
  /* BUG: 0 for the lower half, size - 1 for the upper half */
  root = rank < size / 2 ? 0 : size - 1;
  MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT,
              root, MPI_COMM_WORLD);
  if (rank == root)
    printf("root %d gathered\n", root);
  MPI_Finalize();
  return 0;
}
