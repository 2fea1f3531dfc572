/* Error: rank 0 calls MPI_Put on a window on which no access epoch is
 * open (no fence, lock, lock_all or start before it).  MPI-3.1 11.5: RMA
 * operations may only be issued inside an access epoch.  Open MPI runs it
 * silently here.  The compiler warns (no synchronization on `win' on any
 * path from its creation); the runtime stops rank 0 in MPI_Put.
 *
 * description: MPI_Put with no access epoch open: warned, stops in MPI_Put
 * mpi: openmpi
 * expect-warning: 26 rma
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, value = 7, slot = 0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  if (rank == 0)
    MPI_Put(&value, 1, MPI_INT, size - 1, 0, 1, MPI_INT, win); /* no epoch */
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
