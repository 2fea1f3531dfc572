/* MPI_COMM_SELF against MPI_COMM_WORLD: rank 0 calls MPI_Barrier on
 * MPI_COMM_SELF, the others on MPI_COMM_WORLD.
 *
 * What is wrong: rank 0's barrier completes alone and rank 0 goes on to
 * MPI_Finalize, while the others wait in a barrier rank 0 never joins.
 * Both branches call MPI_Barrier (no warning: the communicator is an
 * argument, issue 19).  With instrument=all, the check before
 * MPI_Finalize on rank 0 meets the others' check before MPI_Barrier (both
 * on MPI_COMM_WORLD) and the run stops at once: rank 0 is calling
 * MPI_Finalize, the others MPI_Barrier; rank 0's line adds that it called
 * MPI_Barrier at line 29 on MPI_COMM_SELF.
 *
 * description: MPI_Barrier on MPI_COMM_SELF on rank 0, on MPI_COMM_WORLD elsewhere: stopped
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: on MPI_COMM_SELF, not on this communicator
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Barrier(MPI_COMM_SELF);
  else
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
