/* The processes disagree on the root of an MPI_Bcast.
 *
 * What is wrong: every process calls MPI_Bcast, but the root is computed
 * from the rank: (rank + 1) / size is 0 on every rank but the last, where
 * it is 1.  MPI requires the same root everywhere; MPICH may hang or
 * deliver garbage.  No control flow differs, so there is no warning; with
 * instrument=all the check before MPI_Bcast compares the roots in the same
 * reduction as the colour and stops the program, naming them:
 *   ... processes call it with different roots: root 0 on ranks 0-2,
 *   root 1 on rank 3
 *
 * description: MPI_Bcast whose root depends on the rank: the check names the roots and their ranks
 * plugin-args: instrument=all
 * expect-run: 4 stop
 * expect-run: 2 stop
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, root, value;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  value = rank;
  root = (rank + 1) / size; /* BUG: 1 on the last rank, 0 elsewhere */
  MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD);
  printf("rank %d got %d\n", rank, value);
  MPI_Finalize();
  return 0;
}
