/* The erroneous twin of correct/split_colour_recomputed.c: tests the
 * colour does not decide for the communicator used.
 *
 * What is wrong: the split is by `rank % 2' but line 21 tests `rank % 3'
 * (ranks 0 and 2 share a communicator, rank 2 skips the broadcast); line
 * 23 tests the colour before MPI_Barrier on MPI_COMM_WORLD, of which every
 * process is a member.
 *
 * description: twin of correct/split_colour_recomputed.c: rank % 3 tested against a split by rank % 2, a colour test before a collective on MPI_COMM_WORLD: warned
 * expect-warning: 22 collective-mismatch
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 21
 * expect-conditional: 23
 * expect-run: 1 ok
 */
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, buf = 0;
  MPI_Comm half;
  MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  if (rank % 3 == 0)
    MPI_Bcast(&buf, 1, MPI_INT, 0, half);
  if (rank % 2 == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
