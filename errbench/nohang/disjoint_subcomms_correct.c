/* Disjoint sub-communicators used by disjoint groups (correct).
 *
 * MPI_COMM_WORLD is split in two halves by rank % 2.  The even half sums
 * with MPI_Allreduce on its communicator; the odd half broadcasts on its
 * own (rank 1 computes for 1 s first): the halves never share a
 * collective, so they need not call the same ones.  The test of line 33
 * recomputes the colour (`rank % 2'), so it selects whole
 * sub-communicators: nothing to warn (issue 14; the Fortran twin
 * `mod(rank, 2)' is still warned).
 * Each check runs on its collective's half, so the halves' checks never
 * meet, and the hang detector must stay quiet while the even half waits
 * in MPI_Finalize for the odd half.
 *
 * description: disjoint halves of a split call different collectives on their own halves: runs clean
 * expect-run: 4 ok
 * expect-run: 2 ok
 */
#include <mpi.h>
#include <time.h>

int main(int argc, char **argv)
{
  int rank, half_rank, x, sum = 0;
  MPI_Comm half;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_rank(half, &half_rank);
  x = rank;
  if (rank % 2 == 0)
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, half);
  else {
    if (rank == 1) {
      struct timespec second = {1, 0};
      nanosleep(&second, NULL);
    }
    MPI_Bcast(&x, 1, MPI_INT, 0, half);
  }
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
