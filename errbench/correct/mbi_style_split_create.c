/* Pure MPI, benchmark style, sub-communicators: MPI_Comm_split by parity
 * (the new rank 0 sets a value broadcast on the sub-communicator, one
 * colour reduces and the other allreduces on its own communicator, a
 * `newcom != MPI_COMM_NULL' test before MPI_Comm_free), MPI_Comm_create
 * from a one-process group (collectives under the MPI_COMM_NULL test), a
 * duplicate whose rank is tested against its own size (a rank lies in
 * [0, size) of its communicator), an Ibarrier under `size > 1', and a
 * loop over the roots of a split communicator bounded by its size (the
 * same on every member).  Nothing to warn, nothing to stop.
 *
 * description: pure MPI benchmark style: split by parity, create from a group, dup rank < size, loop over the roots of a sub-communicator
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int nprocs, rank, newrank, color, value = 1, sum = 0;
  MPI_Comm newcom = MPI_COMM_NULL, dup;
  MPI_Group world_group, first_group;

  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (nprocs < 2) {
    printf("needs 2 processes\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  color = rank % 2;
  MPI_Comm_split(MPI_COMM_WORLD, color, nprocs - rank, &newcom);
  MPI_Comm_rank(newcom, &newrank);
  if (newrank == 0)
    value = 10;
  MPI_Bcast(&value, 1, MPI_INT, 0, newcom);
  if (color == 1) {
    MPI_Reduce(&value, &sum, 1, MPI_INT, MPI_SUM, 0, newcom);
  } else {
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, newcom);
  }
  if (newcom != MPI_COMM_NULL)
    MPI_Comm_free(&newcom);

  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  int first[1] = {0};
  MPI_Group_incl(world_group, 1, first, &first_group);
  MPI_Comm_create(MPI_COMM_WORLD, first_group, &newcom);
  if (newcom != MPI_COMM_NULL) {
    MPI_Barrier(newcom);
    MPI_Comm_free(&newcom);
  }
  MPI_Group_free(&first_group);
  MPI_Group_free(&world_group);

  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int dsize, drank;
  MPI_Comm_size(dup, &dsize);
  MPI_Comm_rank(dup, &drank);
  if (drank < dsize)
    MPI_Barrier(dup);
  if (dsize > 1) {
    MPI_Request req;
    MPI_Ibarrier(dup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  MPI_Comm_free(&dup);

  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank < nprocs / 2 ? 0 : 1, rank, &half);
  int hrank, hsize;
  MPI_Comm_rank(half, &hrank);
  MPI_Comm_size(half, &hsize);
  for (int i = 0; i < hsize; i++)
    MPI_Bcast(&value, 1, MPI_INT, i, half);
  MPI_Comm_free(&half);
  /* every colour's new rank 0 broadcast 10; even colours allreduce it over
     their members, the odd ones reduce to their rank 0 */
  int members = color == 0 ? (nprocs + 1) / 2 : nprocs / 2;
  if (value != 10 || (color == 0 && sum != 10 * members) ||
      (color == 1 && newrank == 0 && sum != 10 * members)) {
    fprintf(stderr, "rank %d: value %d sum %d\n", rank, value, sum);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
