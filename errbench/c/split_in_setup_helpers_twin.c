/* The erroneous twin of correct/split_in_setup_helpers.c: communicators
 * split in setup helpers, with guards that do not select the members of
 * the communicator they guard.
 *
 * What is wrong: rank 0 alone of its component calls the MPI_Barrier of
 * line 114 on `parity' (rank 2 is a member too); the colour of `parity'
 * guards the MPI_Barrier of line 116 on `halves', made by another split;
 * renumbering_split() hands back the rank, not the colour it split by,
 * and its test at line 117 leaves out rank 2 of `renumbered';
 * tagged_split() keeps the colour in m.colour, but line 119 tests m.tag
 * (the rank), leaving out rank 2 of m.local; io_demote() changes
 * `is_leader' after io_init() split the leaders, so the MPI_Allreduce of
 * line 93 leaves out rank 0 of `leader_comm'.  Each conditional is
 * blamed; the run-time check stops the program at the first
 * disagreement.
 *
 * description: twin of correct/split_in_setup_helpers.c: a rank test, another split's colour, a colour replaced after the split, another field than the colour, a leader flag changed after the split: warned, stops
 * expect-warning: 93 collective-mismatch
 * expect-warning: 114 collective-mismatch
 * expect-warning: 116 collective-mismatch
 * expect-warning: 118 collective-mismatch
 * expect-warning: 120 collective-mismatch
 * expect-conditional: 92
 * expect-conditional: 113
 * expect-conditional: 115
 * expect-conditional: 117
 * expect-conditional: 119
 * expect-run: 4 stop
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  MPI_Comm local;
  int colour, tag;
} model_t;

static MPI_Comm leader_comm = MPI_COMM_NULL;
static int is_leader = 0;

void parity_split(MPI_Comm world, int *colour, MPI_Comm *local)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  *colour = rank % 2;
  MPI_Comm_split(world, *colour, rank, local);
}

void halves_split(MPI_Comm world, int *colour, MPI_Comm *local)
{
  int rank, size;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &size);
  *colour = rank < size / 2;
  MPI_Comm_split(world, *colour, rank, local);
}

void renumbering_split(MPI_Comm world, int *colour, MPI_Comm *local)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  MPI_Comm_split(world, rank % 2, rank, local);
  *colour = rank;
}

void tagged_split(model_t *m, MPI_Comm world)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  m->colour = rank % 2;
  m->tag = rank;
  MPI_Comm_split(world, m->colour, rank, &m->local);
}

void io_init(MPI_Comm world)
{
  int rank;
  MPI_Comm_rank(world, &rank);
  is_leader = rank % 2 == 0;
  MPI_Comm_split(world, is_leader ? 0 : MPI_UNDEFINED, rank, &leader_comm);
}

void io_demote(int rank)
{
  if (rank == 0)
    is_leader = 0;
}

double io_write(double local_sum)
{
  double total = 0.0;
  if (is_leader)
    MPI_Allreduce(&local_sum, &total, 1, MPI_DOUBLE, MPI_SUM, leader_comm);
  return total;
}

int main(int argc, char **argv)
{
  int rank, colour, half, renumbered_colour;
  double total;
  MPI_Comm parity, halves, renumbered;
  model_t m;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  parity_split(MPI_COMM_WORLD, &colour, &parity);
  halves_split(MPI_COMM_WORLD, &half, &halves);
  renumbering_split(MPI_COMM_WORLD, &renumbered_colour, &renumbered);
  tagged_split(&m, MPI_COMM_WORLD);
  io_init(MPI_COMM_WORLD);
  io_demote(rank);

  if (rank == 0)
    MPI_Barrier(parity);
  if (colour == 0)
    MPI_Barrier(halves);
  if (renumbered_colour == 0)
    MPI_Barrier(renumbered);
  if (m.tag == 0)
    MPI_Barrier(m.local);
  total = io_write(1.0);
  if (rank == 0)
    printf("total %g\n", total);

  MPI_Comm_free(&parity);
  MPI_Comm_free(&halves);
  MPI_Comm_free(&renumbered);
  MPI_Comm_free(&m.local);
  MPI_Finalize();
  return 0;
}
