/* Correct: conditions on the rank and the size that come out the same on
 * every process, because MPI guarantees that a rank lies in [0, size) of
 * its communicator (the idioms of the MPI Bugs Initiative's correct codes).
 *
 * `rank >= 0', `rank > -1' and `rank < nprocs' (both of MPI_COMM_WORLD)
 * are true everywhere, `nprocs > 0' too, `rank == nprocs' is false
 * everywhere; `nprocs < 2' is the same everywhere since the size is, and
 * its branch ends in MPI_Abort anyway.  A helper that returns the rank
 * passes that knowledge on, and so does one that stores the size through
 * a pointer.  No warning, no run-time check.
 *
 * description: conditions decided by rank in [0, size) (`rank >= 0', `rank < nprocs', `nprocs > 0'): silent, runs fine
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int my_rank(void)
{
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

static void world_size(int *size)
{
  MPI_Comm_size(MPI_COMM_WORLD, size);
}

static void check_rank(int rank, int nprocs, int *sum)
{
  if (rank < nprocs)
    MPI_Allreduce(MPI_IN_PLACE, sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank, nprocs, sum = 1;
  long wide_rank;

  MPI_Init(&argc, &argv);
  rank = my_rank();
  world_size(&nprocs);
  if (nprocs < 1) {
    printf("no process?\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (rank >= 0) {
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank > -1)
    MPI_Barrier(MPI_COMM_WORLD);
  if (nprocs > 0)
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == nprocs)
    printf("impossible\n");
  else
    MPI_Barrier(MPI_COMM_WORLD);
  wide_rank = rank;
  if (wide_rank < (long)nprocs)
    MPI_Barrier(MPI_COMM_WORLD);
  check_rank(rank, nprocs, &sum);
  if (sum != nprocs)
    printf("rank %d: wrong sum %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
