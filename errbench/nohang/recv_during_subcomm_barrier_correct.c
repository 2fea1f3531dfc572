/* Correct: one process waits in a receive while the others are in a
 * barrier on a communicator it is not a member of.
 *
 * Rank 0 waits in MPI_Recv for rank 1's message; ranks 1 .. n-1 first
 * meet in a barrier on their own communicator (MPI_Comm_split leaves
 * rank 0 out with MPI_UNDEFINED), then rank 1 sends.  The barrier needs
 * only its members, so this completes.  Since the runtime's wrappers
 * report every blocking collective to the hang detector, a process in a
 * collective on a smaller communicator must not count as blocked by
 * rank 0 (rtlib/parcoach_nohang.c); the last rank sleeps before the
 * barrier, so rank 0 and rank 1 wait for 3 s, three times the detector's
 * timeout set below.
 *
 * description: rank 0 in MPI_Recv while the others meet in a barrier on a communicator without it: runs clean
 * expect-run: 1 ok
 * expect-run: 2 ok PARCOACH_HANG_TIMEOUT=1
 * expect-run: 3 ok PARCOACH_HANG_TIMEOUT=1
 */
#include <mpi.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int rank, size, x = 0;
  MPI_Comm others;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank, &others);
  if (size > 1) {
    if (rank == 0) {
      MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      if (rank == size - 1)
        sleep(3);
      MPI_Barrier(others);
      if (rank == 1)
        MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
  }
  if (others != MPI_COMM_NULL)
    MPI_Comm_free(&others);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
