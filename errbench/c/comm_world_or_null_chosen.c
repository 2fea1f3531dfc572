/* Twin of correct/comm_self_or_null_chosen.c: the communicator chosen by
 * rank is MPI_COMM_WORLD on rank 0, MPI_COMM_NULL elsewhere.
 *
 * What is wrong: the other processes are members of MPI_COMM_WORLD too,
 * and the test of line 26 keeps them from the MPI_Barrier of line 27 on
 * it: rank 0 waits there for them (with 2 processes or more).  The
 * program, not MPI, put MPI_COMM_NULL in `c', so the test does not only
 * separate non-members.  The communicator argument is warned too: by rank,
 * it names MPI_COMM_WORLD or MPI_COMM_NULL.
 *
 * description: c = rank == 0 ? MPI_COMM_WORLD : MPI_COMM_NULL, then MPI_Barrier(c) under c != MPI_COMM_NULL: warning, stop
 * expect-warning: 27 collective-mismatch
 * expect-warning: 27 collective-arguments
 * expect-conditional: 26
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm c = (rank == 0) ? MPI_COMM_WORLD : MPI_COMM_NULL;
  if (c != MPI_COMM_NULL)
    MPI_Barrier(c);
  MPI_Finalize();
  return 0;
}
