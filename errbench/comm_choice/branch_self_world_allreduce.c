/* The communicator of one MPI_Allreduce is set in both branches of a test
 * of the rank and used after the join: MPI_COMM_SELF on rank 0,
 * MPI_COMM_WORLD on the others.
 *
 * What is wrong: rank 0's allreduce completes alone, and rank 0 goes on
 * to MPI_Finalize while the others wait in an allreduce on MPI_COMM_WORLD
 * that rank 0 never joins (MPI 4.0 section 6.1: every process of the
 * communicator must call the collective).  Warned at the call, naming
 * `comm' and the test of the rank.  At run time the check before the
 * allreduce runs on MPI_COMM_SELF on rank 0 (alone: it passes) and on
 * MPI_COMM_WORLD elsewhere, where it meets rank 0's check before
 * MPI_Finalize: the run stops at once, every rank naming what the others
 * are calling.
 *
 * description: MPI_Allreduce on MPI_COMM_SELF (rank 0) or MPI_COMM_WORLD chosen before the call: warned (comm), stopped
 * expect-warning: 38 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: other processes are calling
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, x = 1, sum = 0;
  MPI_Comm comm;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    comm = MPI_COMM_SELF;
  else
    comm = MPI_COMM_WORLD;
  x = rank + 1;
  /* BUG: comm is MPI_COMM_SELF on rank 0 only */
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, comm);
  printf("rank %d: %d\n", rank, sum);
  MPI_Finalize();
  return 0;
}
