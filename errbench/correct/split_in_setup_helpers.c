/* Pure MPI: communicators split in setup helpers, tested elsewhere.  A
 * coupled code splits the world into its components in model_split(),
 * which keeps the colour beside the communicator in the model's record;
 * main() then tests that colour before the collectives of the component's
 * communicator.  row_split() hands back a row index and the row's
 * communicator through two pointers, and only row 0 broadcasts on it.
 * An I/O module keeps its state in file-private variables: io_init()
 * elects one leader per group of two and splits the leaders into their
 * own communicator (`is_leader ? 0 : MPI_UNDEFINED'); io_write() lets only
 * the leaders reduce on it (`if (is_leader)').  Every member of a
 * communicator MPI_Comm_split makes passed the same colour, so each test
 * goes the same way on all the members of the communicator it guards.
 * Nothing to warn, nothing to stop.
 *
 * description: pure MPI: MPI_Comm_split in a setup helper (colour kept beside the communicator in a struct or returned through a pointer, or file-private is_leader and leader_comm of an I/O module), guard on the colour in another function
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

enum { OCEAN = 0, ATMOS = 1 };

typedef struct {
  MPI_Comm world, local;
  int colour, wrank, lrank;
} model_t;

static MPI_Comm leader_comm = MPI_COMM_NULL;
static int is_leader = 0;

void model_split(model_t *m, MPI_Comm world)
{
  int size;
  m->world = world;
  MPI_Comm_rank(world, &m->wrank);
  MPI_Comm_size(world, &size);
  m->colour = (size > 1 && m->wrank >= (size + 1) / 2) ? ATMOS : OCEAN;
  MPI_Comm_split(world, m->colour, m->wrank, &m->local);
  MPI_Comm_rank(m->local, &m->lrank);
}

void row_split(MPI_Comm world, int ncols, int *row, MPI_Comm *row_comm)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  *row = rank / ncols;
  MPI_Comm_split(world, *row, rank, row_comm);
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
  int rank, row, width = 2;
  double flux = 1.0, total;
  model_t m;
  MPI_Comm row_comm;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  model_split(&m, MPI_COMM_WORLD);
  row_split(MPI_COMM_WORLD, 2, &row, &row_comm);
  io_init(MPI_COMM_WORLD);

  if (m.colour == OCEAN)
    MPI_Allreduce(MPI_IN_PLACE, &flux, 1, MPI_DOUBLE, MPI_SUM, m.local);
  else
    MPI_Bcast(&flux, 1, MPI_DOUBLE, 0, m.local);
  if (row == 0)
    MPI_Bcast(&width, 1, MPI_INT, 0, row_comm);

  total = io_write(flux);
  if (rank == 0)
    printf("flux %g width %d total %g\n", flux, width, total);

  io_finalize();
  MPI_Comm_free(&row_comm);
  MPI_Comm_free(&m.local);
  MPI_Finalize();
  return 0;
}
