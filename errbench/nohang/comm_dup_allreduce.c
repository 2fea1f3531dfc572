/* Collectives on different communicators: rank 0 calls MPI_Allreduce on a
 * duplicate of MPI_COMM_WORLD, the others on MPI_COMM_WORLD itself.
 *
 * What is wrong: a duplicate is another communicator (another matching
 * context, MPI-4.0 section 7.4.2): the two allreduces never match and
 * every process waits forever.  Both branches call the same collective,
 * so the control flow is the same and the analysis gives no warning (the
 * communicator is an argument: issue 19, argument matching).  With
 * instrument=all every collective gets its check; each check runs on its
 * own collective's communicator, so rank 0's check never meets the
 * others'.  The hang detector sees every process waiting in a check and
 * stops the run after its timeout (10 s), one line per rank of
 * MPI_COMM_WORLD:
 *   PARCOACH: rank 0 of MPI_COMM_WORLD waits in the check before
 *   MPI_Allreduce on a communicator of 2 processes other than
 *   MPI_COMM_WORLD at comm_dup_allreduce.c:37 in function main
 *   PARCOACH: rank 1 of MPI_COMM_WORLD waits in the check before
 *   MPI_Allreduce on MPI_COMM_WORLD at comm_dup_allreduce.c:39 ...
 *
 * description: MPI_Allreduce on a duplicate of MPI_COMM_WORLD on rank 0, on MPI_COMM_WORLD elsewhere: stopped by the hang detector
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, x = 1, y = 0;
  MPI_Comm dup;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  if (rank == 0)
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, dup);
  else
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
