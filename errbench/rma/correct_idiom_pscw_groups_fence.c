/* Correct: general active target synchronisation with groups, then fence
 * epochs with assertions, as a stencil code switching schemes would do.
 *   - PSCW: each rank exposes its window to its left neighbour
 *     (MPI_Win_post on a group of one rank) and accesses its right
 *     neighbour's window (MPI_Win_start on another group); it puts its
 *     step value into the right neighbour's slot, MPI_Win_complete, then
 *     MPI_Win_wait; repeated for several steps.  The groups come from
 *     MPI_Comm_group + MPI_Group_incl and are freed at the end.
 *   - Fence: MPI_Win_fence(MPI_MODE_NOPRECEDE) opens the first epoch;
 *     every rank adds 1 to rank 0's counter with MPI_Accumulate (several
 *     origins, one location, one epoch: allowed); MPI_Win_fence(0);
 *     every rank gets the counter; MPI_Win_fence(MPI_MODE_NOSUCCEED)
 *     closes the last epoch (MPI_MODE_NOSTORE and MPI_MODE_NOPUT too where
 *     they hold).
 * Values are checked.  Silent, runs clean.
 *
 * description: PSCW with neighbour groups (MPI_Group_incl) over several steps, then fence epochs with NOPRECEDE/NOSTORE/NOPUT/NOSUCCEED asserts and accumulates from every rank to one location: silent, runs clean
 * mpi: openmpi
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

#define STEPS 4

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  int mem[2] = {-1, 0}; /* [0] slot written by the left neighbour, [1] counter */
  MPI_Win win;
  MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                 &win);

  MPI_Group world, exposure, access;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &left, &exposure);
  MPI_Group_incl(world, 1, &right, &access);

  for (int step = 0; step < STEPS; step++) {
    int value = rank * 100 + step;
    MPI_Win_post(exposure, 0, win);
    MPI_Win_start(access, 0, win);
    MPI_Put(&value, 1, MPI_INT, right, 0, 1, MPI_INT, win);
    MPI_Win_complete(win);
    MPI_Win_wait(win);
    if (mem[0] != left * 100 + step)
      errors++;
  }

  int one = 1, counter = -1;
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  MPI_Accumulate(&one, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(MPI_MODE_NOSTORE, win);
  MPI_Get(&counter, 1, MPI_INT, 0, 1, 1, MPI_INT, win);
  MPI_Win_fence(MPI_MODE_NOSUCCEED | MPI_MODE_NOSTORE | MPI_MODE_NOPUT, win);
  if (counter != nprocs)
    errors++;

  MPI_Group_free(&exposure);
  MPI_Group_free(&access);
  MPI_Group_free(&world);
  MPI_Win_free(&win);

  int all;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
