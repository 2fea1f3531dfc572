/* Two collectives called in opposite orders by even and odd ranks.
 *
 * What is wrong: even ranks call MPI_Barrier then MPI_Allreduce, odd ranks
 * MPI_Allreduce then MPI_Barrier.  Every process calls both, but MPI
 * requires the same order on a communicator.  Orders: the even barrier and
 * the odd allreduce are of order 0, the two others of order 1; each of the
 * four sets C(r,c) has one call on one branch of the `if' of line 25: all
 * four calls are flagged.  One cause (the `if' of line 25), one warning:
 * at the first call, with the four calls and their sides in its path
 * (expected here: that warning at line 26 only; the path's events at
 * lines 25, 26, 27, 30 and 31).
 *
 * description: MPI_Barrier;MPI_Allreduce on even ranks, MPI_Allreduce;MPI_Barrier on odd ranks
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 25
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int step(int rank)
{
  int in = rank, out = 0;

  if (rank % 2 == 0) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  } else {
    /* BUG: reversed order */
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  return out;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  step(rank);
  MPI_Finalize();
  return 0;
}
