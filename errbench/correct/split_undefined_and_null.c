/* Pure MPI: sub-communicators that only some processes get.  The even
 * ranks split off `evens' (the odd ones pass MPI_UNDEFINED and get
 * MPI_COMM_NULL), the first min(2, size) ranks get `pair' from
 * MPI_Comm_create (the others MPI_COMM_NULL).  The collectives on a
 * sub-communicator run under `comm != MPI_COMM_NULL': the test separates
 * members from non-members only, and every member calls them (MPI 4.0,
 * section 7.4.2: a collective involves the members of its communicator).
 * MPI_Comm_free likewise.  A condition that separates only non-members of
 * the collective's communicator is not a mismatch.  Nothing to warn,
 * nothing to stop.
 *
 * description: pure MPI: MPI_Comm_split with MPI_UNDEFINED and MPI_Comm_create, collectives under comm != MPI_COMM_NULL
 * expect-run: 1 ok
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, even_sum = -1, pair_max = -1;
  MPI_Comm evens, pair;
  MPI_Group world_group, pair_group;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  MPI_Comm_split(MPI_COMM_WORLD, rank % 2 == 0 ? 0 : MPI_UNDEFINED, rank, &evens);
  if (evens != MPI_COMM_NULL) {
    MPI_Allreduce(&rank, &even_sum, 1, MPI_INT, MPI_SUM, evens);
    MPI_Barrier(evens);
  }

  int members[2] = {0, 1};
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  MPI_Group_incl(world_group, size < 2 ? 1 : 2, members, &pair_group);
  MPI_Comm_create(MPI_COMM_WORLD, pair_group, &pair);
  if (MPI_COMM_NULL != pair)
    MPI_Allreduce(&rank, &pair_max, 1, MPI_INT, MPI_MAX, pair);

  /* every process: the world-wide check of what the members computed */
  int ok = 1;
  if (rank % 2 == 0) {
    int n = (size + 1) / 2;          /* even ranks 0, 2, ..., 2(n-1) */
    ok = even_sum == n * (n - 1);
  }
  if (rank < 2)
    ok = ok && pair_max == (size < 2 ? 0 : 1);
  int all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (!all_ok) {
    fprintf(stderr, "rank %d: wrong sub-communicator results\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }

  if (evens != MPI_COMM_NULL)
    MPI_Comm_free(&evens);
  if (pair != MPI_COMM_NULL)
    MPI_Comm_free(&pair);
  MPI_Group_free(&pair_group);
  MPI_Group_free(&world_group);
  MPI_Finalize();
  return 0;
}
