/* MPI_Allreduce with MPI_IN_PLACE as sendbuf on rank 0 only.
 *
 * What is wrong: for MPI_Allreduce the "in place" option is given by
 * passing MPI_IN_PLACE as sendbuf on all processes (MPI 4.0 section 6.9.6,
 * intracommunicators); on some only, the call is erroneous.  MPICH and
 * Open MPI accept it silently here and even compute the expected sum, so
 * nothing but a check tells.  The buffer is chosen by a rank test, which
 * the compiler does not match (README, collective-arguments); with
 * instrument=all the check before the call compares the use of
 * MPI_IN_PLACE and stops the run naming which ranks give it.  (For
 * MPI_Reduce only the root may give it: see
 * args_reductions_in_place_correct.c.)
 *
 * description: MPI_Allreduce with MPI_IN_PLACE on rank 0 only: stopped with instrument=all, naming the ranks
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: MPI_IN_PLACE as sendbuf on some processes only (MPI requires it on all or none): a buffer on rank
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, mine, sum;
  const void *send;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  mine = rank + 1;
  sum = mine;
  /* BUG: in place on rank 0 only */
  send = rank == 0 ? MPI_IN_PLACE : (const void *)&mine;
  MPI_Allreduce(send, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
