/* The processes disagree on the root of an MPI_Bcast.
 *
 * What is wrong: every process calls MPI_Bcast, but the root is computed
 * from the rank: (rank + 1) / size is 0 on every rank but the last, where
 * it is 1.  MPI requires the same root everywhere; MPICH may hang or
 * deliver garbage.  No control flow differs, but the value flow knows the
 * root depends on the rank: a collective-arguments warning, and the check
 * before MPI_Bcast (live, though the function has no mismatch of order)
 * compares the roots in the same reduction as the colour and stops the
 * program, naming them:
 *   ... processes call it with different roots: root 0 on ranks 0-2,
 *   root 1 on rank 3
 *
 * description: MPI_Bcast whose root depends on the rank: warned, and the check names the roots and their ranks
 * expect-warning: 33 collective-arguments
 * expect-run: 4 stop
 * expect-run: 2 stop
 * expect-stop-message: different roots: root 0 on rank
 * expect-run-args: instrument=all
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
