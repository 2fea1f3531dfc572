/* The result buffer of an MPI_Get read before the epoch closes.
 *
 * What is wrong: rank 0 locks rank 1's window, gets its counter into
 * `seen' (line 33) and reads `seen' (line 34) before MPI_Win_unlock (line
 * 35): an MPI_Get's origin buffer is undefined until the operation
 * completes at the origin (MPI-3.1 11.3, 11.5: MPI_Win_unlock,
 * MPI_Win_flush or flush_local), so the value read may be the old one.
 * The buffer is reached through a pointer: no compile-time warning; the
 * run-time buffer check at the read stops rank 0, naming the MPI_Get, also
 * under the nasty schedule (which delays the get to the unlock).
 *
 * description: result buffer of an MPI_Get (through a pointer) read before MPI_Win_unlock
 * mpi: openmpi
 * expect-run: 2 stop
 * expect-run: 2 stop PARCOACH_NASTY=1
 * expect-stop-message: get_result_read_before_unlock.c:34: this read touches the receive buffer of the MPI_Get at
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, counter = 41, *seen = malloc(sizeof *seen);
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&counter, sizeof counter, sizeof counter, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  if (rank == 0 && size > 1) {
    MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
    MPI_Get(seen, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    printf("rank 0 sees %d\n", *seen); /* BUG: the get may not be done */
    MPI_Win_unlock(1, win);
  }
  MPI_Win_free(&win);
  free(seen);
  MPI_Finalize();
  return 0;
}
