/* Error: every rank opens a passive-target epoch on all ranks with
 * MPI_Win_lock_all, increments a counter on rank 0 with MPI_Fetch_and_op
 * and MPI_Win_flush, and reaches MPI_Finalize without MPI_Win_unlock_all
 * (MPI-3.1 11.5.3: every epoch must be closed; MPI_Finalize needs the
 * process's RMA operations complete).  The compiler warns at MPI_Finalize
 * (the epoch is open on every path there); the runtime stops in it.
 *
 * description: MPI_Win_lock_all never closed before MPI_Finalize: warned, stops in MPI_Finalize
 * mpi: openmpi
 * expect-warning: 32 rma
 * expect-run: 2 stop
 * expect-run: 1 stop PARCOACH_NASTY=1
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, one = 1, before = -1, *counter;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &counter, &win);
  *counter = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  MPI_Fetch_and_op(&one, &before, MPI_INT, 0, 0, MPI_SUM, win);
  MPI_Win_flush(0, win);
  printf("rank %d: counter was %d\n", rank, before);
  MPI_Finalize(); /* error: the lock_all epoch is still open */
  return 0;
}
