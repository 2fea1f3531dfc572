/* Point-to-point calls in a flagged function that match on every rank,
 * with a long imbalance (correct).
 *
 * Rank 0 computes for 12 s (longer than the hang detector's 10 s) and
 * then sends to rank 1, which waits in MPI_Recv meanwhile; the other
 * ranks wait in the check before MPI_Barrier (instrument=all: every
 * collective is checked, as in a flagged function; both branches call
 * one barrier, so there is no warning).  Every process but rank 0 waits
 * for more than 10 s, yet rank 0 is running: the hang detector must not
 * stop the run.
 *
 * description: a long computation on one rank while the others wait in MPI_Recv and a check: not a hang, runs clean
 * plugin-args: instrument=all
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <time.h>

static void compute(void)
{
  struct timespec t = {12, 0};
  nanosleep(&t, NULL);
}

int main(int argc, char **argv)
{
  int rank, x = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    compute();
    x = 42;
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    if (rank == 1)
      MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return x == 42 || rank > 1 ? 0 : 1;
}
