/* Loops bounded by the size of a communicator MPI_Comm_split made: the
 * size is the same on every member of that communicator only.
 *
 * What is wrong: the loop of line 33 runs `hsize' times on every process,
 * hsize being the size of `half' (the lower and upper halves of
 * MPI_COMM_WORLD, of different sizes with 3 processes), but it calls
 * MPI_Barrier on MPI_COMM_WORLD: the halves disagree on the number of
 * barriers.  The loop of line 37 broadcasts on `half' as split the second
 * time (even and odd ranks) a number of times that is the size of the
 * first `half': members of one parity that were in different halves
 * disagree.  Both loops are blamed; the run-time check stops the program.
 *
 * description: loops bounded by a split communicator's size, running collectives on another communicator: warned, stops
 * expect-warning: 34 collective-mismatch
 * expect-warning: 38 collective-mismatch
 * expect-conditional: 33
 * expect-conditional: 37
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, nprocs, hsize, value = 0;
  MPI_Comm half;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_split(MPI_COMM_WORLD, rank < nprocs / 2 ? 0 : 1, rank, &half);
  MPI_Comm_size(half, &hsize);
  for (int i = 0; i < hsize; i++) /* BUG: the halves differ in size */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&half);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  for (int i = 0; i < hsize; i++) /* BUG: the size of the first `half' */
    MPI_Bcast(&value, 1, MPI_INT, 0, half);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
