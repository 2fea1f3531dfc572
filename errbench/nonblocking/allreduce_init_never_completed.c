/* A persistent collective (MPI 4.0: MPI_Allreduce_init) started and never
 * completed.
 *
 * What is wrong: every rank creates a persistent MPI_Allreduce_init
 * request, starts it twice, completing the first start only: the second
 * MPI_Start (line 32) leaves the request active at MPI_Finalize (MPI 4.0,
 * sections 3.9 and 6.13: a started persistent request must be completed
 * before it is freed or MPI is finalized).  Whether a request is active
 * after a loop of starts is not certain at compile time: silent there.  At
 * run time every rank stops in MPI_Finalize, naming the persistent
 * request of MPI_Allreduce_init.  MPI 4 only: MPICH here has it, Open MPI
 * 4.1 does not.
 *
 * description: persistent MPI_Allreduce_init request started (MPI_Start) and never completed before MPI_Finalize
 * expect-run: 2 stop
 * expect-run: 1 stop
 * requires-mpi-version: 4
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, round, mine, sum = 0;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce_init(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                     &request);
  for (round = 0; round < 2; round++) {
    mine = rank + round;
    MPI_Start(&request);
    if (round == 0)
      MPI_Wait(&request, MPI_STATUS_IGNORE); /* BUG: the second start is never completed */
  }
  MPI_Finalize();
  return 0;
}
