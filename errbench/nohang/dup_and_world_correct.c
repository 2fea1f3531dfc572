/* Collectives on MPI_COMM_WORLD and on copies of it, in the same order on
 * every process (correct), with instrument=all.
 *
 * What it shows: checks on a communicator with the processes of
 * MPI_COMM_WORLD in the same order run on MPI_COMM_WORLD and compare which
 * communicator each process guards.  That must not disturb a correct
 * program: here every process alternates between MPI_COMM_WORLD, a
 * duplicate, a second duplicate used for the first time inside a loop,
 * a split with a single colour (congruent too) and a split in halves
 * (its checks stay on each half; the halves run different numbers of
 * collectives on them).  Rank 1 computes for 1 s before its first
 * collective on the second duplicate, so the others wait in that check.
 * The test of line 52 recomputes the colour of `half' (rank % 2): it
 * selects a whole half, nothing to warn (issue 14).
 *
 * description: correct mix of MPI_COMM_WORLD, duplicates, a one-colour split and halves: runs clean with instrument=all
 * plugin-args: instrument=all
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <time.h>

int main(int argc, char **argv)
{
  int rank, i, x, sum = 0;
  MPI_Comm dup, dup2, whole, half;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_dup(dup, &dup2);
  MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &whole);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  x = rank;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, dup);
  MPI_Bcast(&sum, 1, MPI_INT, 0, MPI_COMM_WORLD);
  for (i = 0; i < 3; i++) {
    if (i == 1 && rank == 1) {
      struct timespec second = {1, 0};
      nanosleep(&second, NULL);
    }
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_MAX, i == 0 ? dup : dup2);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  /* the halves: the even one reduces twice, the odd one once */
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, half);
  if (rank % 2 == 0)
    MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, half);
  MPI_Barrier(whole);
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_free(&half);
  MPI_Comm_free(&whole);
  MPI_Comm_free(&dup2);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
