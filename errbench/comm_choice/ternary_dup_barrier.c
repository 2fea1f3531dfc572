/* The communicator of one MPI_Barrier is chosen by a test of the rank:
 * rank 0 passes a duplicate of MPI_COMM_WORLD, the others MPI_COMM_WORLD.
 *
 * What is wrong: a duplicate is another communicator (MPI 4.0 section
 * 7.4.2, MPI_Comm_dup: a new context), with every process as a member.
 * Rank 0 waits in a barrier on it that no other process calls, the others
 * in a barrier on MPI_COMM_WORLD that rank 0 never calls: the run hangs.
 * There is one call, so no mismatch of order; its communicator argument
 * holds one of two communicators every process holds, and which one
 * depends on the rank: a collective-arguments warning naming `comm'.  Its
 * check, live though the function has no mismatch of order, runs on
 * MPI_COMM_WORLD for both (a duplicate has the same processes) and
 * compares the communicators: the run stops at once, naming
 * MPI_COMM_WORLD on rank 1 and the copy on rank 0 (the hang detector,
 * PARCOACH_HANG_TIMEOUT=3 s here, is no longer needed).
 *
 * description: MPI_Barrier on `rank == 0 ? dup : MPI_COMM_WORLD': warned (comm), stopped naming both communicators
 * expect-warning: 36 collective-arguments
 * expect-run: 2 stop PARCOACH_HANG_TIMEOUT=3
 * expect-run: 1 ok
 * expect-stop-message: different communicators
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank;
  MPI_Comm dup;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);

  /* BUG: rank 0 on the duplicate, the others on MPI_COMM_WORLD */
  MPI_Comm c = (rank == 0) ? dup : MPI_COMM_WORLD;
  MPI_Barrier(c);

  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
