/* Correct: general active-target synchronization on a ring.  Each rank
 * exposes its window to its left neighbour (MPI_Win_post), opens an access
 * epoch to its right neighbour (MPI_Win_start), puts its rank there and
 * accumulates into a second cell twice (same operation and type: no
 * conflict), then MPI_Win_complete and MPI_Win_wait.  The window is a
 * dynamic-size array created by MPI_Win_create.  Every rank checks what
 * its left neighbour wrote.  Silent, runs clean, also under
 * PARCOACH_NASTY=1.
 *
 * description: post/start/complete/wait on a ring (a put and two accumulates to one location per epoch): silent, runs clean, also under PARCOACH_NASTY
 * mpi: openmpi
 * expect-run: 3 ok
 * expect-run: 2 ok
 * expect-run: 3 ok PARCOACH_NASTY=1
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=puts-first
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, cells[2] = {-1, 0}, two = 2, failed = 0;
  MPI_Group world, left_group, right_group;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 1, &left, &left_group);
  MPI_Group_incl(world, 1, &right, &right_group);
  MPI_Win_create(cells, sizeof cells, sizeof cells[0], MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_post(left_group, 0, win);
  MPI_Win_start(right_group, 0, win);
  MPI_Put(&rank, 1, MPI_INT, right, 0, 1, MPI_INT, win);
  MPI_Accumulate(&two, 1, MPI_INT, right, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Accumulate(&two, 1, MPI_INT, right, 1, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_complete(win);
  MPI_Win_wait(win);
  if (cells[0] != left || cells[1] != 4)
    failed = 1;
  if (failed)
    printf("rank %d: got %d %d, expected %d 4\n", rank, cells[0], cells[1],
           left);
  MPI_Win_free(&win);
  MPI_Group_free(&left_group);
  MPI_Group_free(&right_group);
  MPI_Group_free(&world);
  MPI_Finalize();
  return failed;
}
