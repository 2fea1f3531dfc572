/* Pure MPI: guards decided by the size of the communicator.  `if (nprocs >
 * 1 || rank == 0)' (MBI's style: run the reduction when there is someone
 * to reduce with, or on the only process) tests the rank only where
 * nprocs is 1, where the only rank is 0: every process calls the
 * MPI_Allreduce.  Likewise `nprocs == 1 && rank == 0', `nprocs < 2' then
 * `rank != 0', and the same on a communicator held in a variable (chosen
 * once, the same on every process), whose `rank < size' is decided as for
 * MPI_COMM_WORLD since MPI_Comm_rank and MPI_Comm_size read the same
 * value of the variable.  Nothing to warn, nothing to stop.
 *
 * description: pure MPI: if (nprocs > 1 || rank == 0), nprocs == 1 && rank == 0, rank < size of a communicator in a variable; 1 to 4 processes
 * expect-run: 1 ok
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

static int reduce_if_useful(MPI_Comm comm, int value)
{
  int rank, nprocs, sum = value;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);
  if (nprocs > 1 || rank == 0)
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, comm);
  if (nprocs == 1 && rank == 0)
    MPI_Barrier(comm);
  if (nprocs < 2) {
    if (rank != 0)
      MPI_Barrier(comm);
  }
  return sum;
}

int main(int argc, char **argv)
{
  int world_rank, world_size, rank, size, total = 0;
  MPI_Comm dup;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size);
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  /* the same choice everywhere: argc is the same on every process */
  MPI_Comm comm = argc > 1 ? MPI_COMM_WORLD : dup;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank < size)
    MPI_Allreduce(&rank, &total, 1, MPI_INT, MPI_SUM, comm);
  if (size > 1 || rank == 0)
    MPI_Barrier(comm);
  int sum = reduce_if_useful(MPI_COMM_WORLD, 1);
  if (sum != world_size || total != world_size * (world_size - 1) / 2) {
    fprintf(stderr, "rank %d: sum %d, total %d\n", world_rank, sum, total);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
