/* Pure MPI: communicators split in setup helpers, tested elsewhere.  A
 * coupled code splits the world into its components in model_split(),
 * which hands back the colour beside the communicator; main() then tests
 * that colour before the collectives of the component's communicator.
 * An I/O module keeps its state in file-private variables: io_init()
 * elects one leader per group of two and splits the leaders into their
 * own communicator (`is_leader ? 0 : MPI_UNDEFINED'); io_write() lets only
 * the leaders reduce on it (`if (is_leader)').  Every member of a
 * communicator MPI_Comm_split makes passed the same colour, so each test
 * goes the same way on all the members of the communicator it guards.
 * Nothing to warn, nothing to stop.
 *
 * description: pure MPI: MPI_Comm_split in a setup helper (colour returned beside the communicator, or file-private is_leader and leader_comm of an I/O module), guard on the colour in another function
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

enum { OCEAN = 0, ATMOS = 1 };

static MPI_Comm leader_comm = MPI_COMM_NULL;
static int is_leader = 0;

void model_split(MPI_Comm world, int *colour, MPI_Comm *local)
{
  int rank, size;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  *colour = (size > 1 && rank >= (size + 1) / 2) ? ATMOS : OCEAN;
  MPI_Comm_split(world, *colour, rank, local);
}

void io_init(MPI_Comm world)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  is_leader = rank % 2 == 0;
  MPI_Comm_split(world, is_leader ? 0 : MPI_UNDEFINED, rank, &leader_comm);
}

double io_write(double local_sum)
{
  double total = 0.0;
  if (is_leader)
    MPI_Allreduce(&local_sum, &total, 1, MPI_DOUBLE, MPI_SUM, leader_comm);
  return total;
}

void io_finalize(void)
{
  if (leader_comm != MPI_COMM_NULL)
    MPI_Comm_free(&leader_comm);
}

int main(int argc, char **argv)
{
  int rank, colour;
  double flux = 1.0, total;
  MPI_Comm local;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  model_split(MPI_COMM_WORLD, &colour, &local);
  io_init(MPI_COMM_WORLD);

  if (colour == OCEAN)
    MPI_Allreduce(MPI_IN_PLACE, &flux, 1, MPI_DOUBLE, MPI_SUM, local);
  else
    MPI_Bcast(&flux, 1, MPI_DOUBLE, 0, local);

  total = io_write(flux);
  if (rank == 0)
    printf("flux %g total %g\n", flux, total);

  io_finalize();
  MPI_Comm_free(&local);
  MPI_Finalize();
  return 0;
}
