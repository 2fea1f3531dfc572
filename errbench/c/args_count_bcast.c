/* The count of an MPI_Bcast depends on the rank.
 *
 * What is wrong: the root broadcasts 2 ints, the others expect 1.  MPI
 * requires the type signature of count x datatype to be the root's on
 * every process; with the same datatype everywhere, the counts must be
 * equal.  MPICH reports a truncation on some runs and not others.  The
 * count is `rank == 0 ? 2 : 1' with MPI_INT everywhere and no derived
 * datatype in the file: a collective-arguments warning, and the check
 * stops the run before MPI_Bcast, naming the data sizes.
 *
 * description: MPI_Bcast with count rank == 0 ? 2 : 1: warned at the call, stopped naming the sizes
 * expect-warning: 27 collective-arguments
 * expect-run: 2 stop
 * expect-run: 4 stop
 * expect-run: 1 ok
 * expect-stop-message: different data sizes (count x datatype size): 4 bytes on rank
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, data[2] = {0, 0};

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast(data, rank == 0 ? 2 : 1, MPI_INT, 0, MPI_COMM_WORLD); /* BUG */
  printf("rank %d got %d %d\n", rank, data[0], data[1]);
  MPI_Finalize();
  return 0;
}
