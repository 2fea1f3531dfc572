/* Correct: a 1-D halo exchange with fences.  Each rank owns N cells plus
 * one ghost cell on each side, in a window; between two fences it puts
 * its first cell into the right ghost of its left neighbour and its last
 * cell into the left ghost of its right neighbour (MPI_PROC_NULL at the
 * ends), then gets its right neighbour's first cell into a local copy.
 * The put and the get of one epoch touch different bytes.  The first
 * fence asserts MPI_MODE_NOPRECEDE, the last one MPI_MODE_NOSUCCEED.
 * Every rank checks its ghosts.  Silent, runs clean, also under
 * PARCOACH_NASTY=1 with every order and split pieces.
 *
 * description: fence halo exchange (puts to both neighbours, a get, MPI_PROC_NULL at the ends, NOPRECEDE/NOSUCCEED): silent, runs clean, also under PARCOACH_NASTY
 * mpi: openmpi
 * expect-run: 3 ok
 * expect-run: 2 ok
 * expect-run: 1 ok
 * expect-run: 3 ok PARCOACH_NASTY=1
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=gets-first
 * expect-run: 3 ok PARCOACH_NASTY=1 PARCOACH_NASTY_ORDER=random PARCOACH_NASTY_SPLIT=8
 */
#include <mpi.h>
#include <stdio.h>

#define N 16
#define STEPS 5

int main(int argc, char **argv)
{
  int rank, size, step, i, errors = 0;
  double cells[N + 2], next_first = -1.0;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (i = 0; i < N + 2; i++)
    cells[i] = -1.0;
  MPI_Win_create(cells, sizeof cells, sizeof(double), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  for (step = 0; step < STEPS; step++) {
    for (i = 1; i <= N; i++)
      cells[i] = 1000.0 * step + 100.0 * rank + i;
    MPI_Win_fence(0, win); /* the owned cells are written before any put */
    MPI_Put(&cells[1], 1, MPI_DOUBLE, left, N + 1, 1, MPI_DOUBLE, win);
    MPI_Put(&cells[N], 1, MPI_DOUBLE, right, 0, 1, MPI_DOUBLE, win);
    MPI_Get(&next_first, 1, MPI_DOUBLE, right, 1, 1, MPI_DOUBLE, win);
    MPI_Win_fence(step == STEPS - 1 ? MPI_MODE_NOSUCCEED : 0, win);
    if (left != MPI_PROC_NULL && cells[0] != 1000.0 * step + 100.0 * left + N)
      errors++;
    if (right != MPI_PROC_NULL
        && (cells[N + 1] != 1000.0 * step + 100.0 * right + 1
            || next_first != cells[N + 1]))
      errors++;
  }
  MPI_Win_free(&win);
  if (errors)
    printf("rank %d: %d wrong ghost cells\n", rank, errors);
  MPI_Finalize();
  return errors != 0;
}
