/* Collectives on different communicators: rank 0 calls MPI_Allreduce on a
 * duplicate of MPI_COMM_WORLD, the others on MPI_COMM_WORLD itself.
 *
 * What is wrong: a duplicate is another communicator (another matching
 * context, MPI-4.0 section 7.4.2): the two allreduces never match and
 * every process waits forever.  Both branches call the same collective,
 * so the control flow is the same and the analysis gives no warning (the
 * communicator is an argument: issue 19, argument matching).  With
 * instrument=all every collective gets its check.  A check on a
 * communicator with the processes of MPI_COMM_WORLD in the same order (the
 * duplicate) runs on MPI_COMM_WORLD and compares which communicator each
 * process guards, so rank 0's check meets the others' and the run stops
 * at once (before, each check ran on its own communicator and only the
 * hang detector stopped the run, after 10 s):
 *   PARCOACH: rank 0 of communicator of size 2 stops before MPI_Allreduce
 *   at comm_dup_allreduce.c:38 in function main: processes call it with
 *   different communicators (...): MPI_COMM_WORLD on rank 1, copy #1 of
 *   MPI_COMM_WORLD (...) on rank 0
 *
 * description: MPI_Allreduce on a duplicate of MPI_COMM_WORLD on rank 0, on MPI_COMM_WORLD elsewhere: stopped naming both communicators
 * plugin-args: instrument=all
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: different communicators
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
