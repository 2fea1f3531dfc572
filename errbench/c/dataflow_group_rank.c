/* Value flow, source: MPI_Group_rank.
 *
 * What is wrong: the rank in the group of MPI_COMM_WORLD differs between
 * processes; the odd ones call MPI_Barrier, the even ones do not, then
 * everybody calls MPI_Allreduce.  MPI_Group_size gives the same value on
 * every process: the loop on it (line 26) around an allreduce is not
 * blamed.
 *
 * description: value flow: MPI_Group_rank guards a barrier: warning, stops
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 29
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Group world;
  int grank, gsize, i, count = 0, total = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_rank(world, &grank);
  MPI_Group_size(world, &gsize);
  for (i = 0; i < gsize; i++) /* the same trip count everywhere */
    MPI_Allreduce(&i, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  count = total;
  if (grank % 2 == 1)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: odd ranks only */
  MPI_Allreduce(&count, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Group_free(&world);
  MPI_Finalize();
  return 0;
}
