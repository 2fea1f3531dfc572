/* An MPI_Isendrecv (MPI 4.0) whose request is never completed.
 *
 * What is wrong: every rank exchanges a value with its neighbours through
 * MPI_Isendrecv (line 26) and calls MPI_Finalize without completing the
 * request (MPI 4.0, sections 3.10.1 and 11.2.2).  At run time every rank
 * stops in MPI_Finalize, naming the MPI_Isendrecv.  MPI 4 only: MPICH
 * here has it, Open MPI 4.1 does not.
 *
 * description: MPI_Isendrecv never completed before MPI_Finalize
 * expect-warning: 26 request
 * expect-run: 2 stop
 * expect-run: 1 stop
 * requires-mpi-version: 4
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, mine, got = -1;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  mine = rank;
  MPI_Isendrecv(&mine, 1, MPI_INT, (rank + 1) % size, 0, &got, 1, MPI_INT, /* BUG */
                (rank + size - 1) % size, 0, MPI_COMM_WORLD, &request);
  MPI_Finalize();
  return 0;
}
