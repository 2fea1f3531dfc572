/* Latent error the compiler cannot see: rank 0 puts `token' into rank
 * 1's window, then calls a function through a pointer (a callback chosen
 * at run time) that rewrites `token' before the closing MPI_Win_fence.
 * MPI allows the put to read its origin buffer at any time until the
 * fence completes it, so the value rank 1 receives is undefined; Open MPI
 * here sends it at the call, and the program's own check passes.  Under
 * PARCOACH_NASTY=1 the runtime delays the put to the fence, as MPI
 * allows: the rewritten value arrives and the program's own check fails
 * (exit 1, no PARCOACH message: nothing in the runtime sees the write).
 *
 * description: origin buffer of an MPI_Put rewritten through a callback before the closing fence: runs fine, its own assertion fails under PARCOACH_NASTY=1
 * mpi: openmpi
 * expect-run: 2 ok repeat=3
 * expect-run: 2 fail PARCOACH_NASTY=1
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void advance(int *value) { *value += 100; }
static void (*volatile on_sent)(int *) = advance;

int main(int argc, char **argv)
{
  int rank, size, token = 0, slot = -1;
  MPI_Win win;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win_create(&slot, sizeof slot, sizeof slot, MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
  if (rank == 0 && size > 1) {
    token = 42;
    MPI_Put(&token, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    on_sent(&token); /* error: the put may not have read token yet */
  }
  MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
  if (rank == 1 && slot != 42) {
    fprintf(stderr, "rank 1: received %d, expected 42\n", slot);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
