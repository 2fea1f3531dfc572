/* MPI_Allgather with MPI_IN_PLACE as sendbuf on rank 0 only.
 *
 * What is wrong: for MPI_Allgather the "in place" option is given by
 * passing MPI_IN_PLACE as sendbuf on every process (MPI 4.0 section 6.7,
 * intracommunicators); on some processes only, the call is erroneous
 * (rank 0's contribution is taken from its receive buffer while the
 * others send theirs).  The buffer is chosen by a rank test, which the
 * compiler does not match (README, collective-arguments); with
 * instrument=all the check before the call compares the use of
 * MPI_IN_PLACE and stops the run naming which ranks give it.
 *
 * description: MPI_Allgather with MPI_IN_PLACE on rank 0 only: stopped with instrument=all, naming the ranks
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: MPI_IN_PLACE as sendbuf on some processes only
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, mine;
  int *all;
  const void *send;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  all = calloc(size, sizeof *all);
  mine = rank * 10;
  all[rank] = mine;
  /* BUG: in place on rank 0 only */
  send = rank == 0 ? MPI_IN_PLACE : (const void *)&mine;
  MPI_Allgather(send, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  printf("rank %d: %d\n", rank, all[size - 1]);
  free(all);
  MPI_Finalize();
  return 0;
}
