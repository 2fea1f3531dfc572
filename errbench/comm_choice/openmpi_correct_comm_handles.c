/* Communicators held in variables, struct fields, arrays and parameters,
 * made by MPI_Comm_split, MPI_Comm_dup and MPI_Comm_create on every
 * process, and one chosen by rank between two communicators of disjoint
 * groups: all correct.
 *
 * Why it is correct (MPI 4.0 chapter 7): a handle is a local name; its
 * value differs between processes (a pointer under Open MPI) while every
 * member holds the same communicator, the one the same constructor call
 * made.  `half' from MPI_Comm_split is each process's own half, and every
 * member of it calls the allreduce on it.  `low' and `high' come from
 * MPI_Comm_create with the lower and the upper half of the ranks: each
 * process is a member of one of them (MPI_COMM_NULL in the other), and
 * choosing by rank the one it belongs to is how such code uses them: all
 * members of each call the barrier.  A duplicate of MPI_COMM_SELF and
 * MPI_COMM_SELF itself hold one process each, so choosing between them by
 * rank is harmless.  `barrier_on' takes its communicator as a parameter of
 * a public function (judged at the link step, never here).  The array
 * element, the struct field and `wide' (chosen by the size, the same
 * everywhere) name one communicator on every process.  No warning, and
 * every run completes.
 *
 * Open MPI build: its handles are pointers, different on every process
 * for one communicator; nothing compares them.
 *
 * description: (Open MPI) split/dup/create communicators in variables, fields, arrays, parameters; a rank choice between disjoint groups: silent, runs clean
 * mpi: openmpi
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

struct context {
  MPI_Comm comm;
  int rank;
};

void barrier_on(MPI_Comm comm)
{
  MPI_Barrier(comm);
}

int main(int argc, char **argv)
{
  int rank, size, x, sum = 0, i, half_size;
  MPI_Comm half, low, high, chosen, wide, self_dup, alone;
  MPI_Comm pair[2];
  MPI_Group world_group, low_group, high_group;
  struct context ctx;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  half_size = (size + 1) / 2;

  /* Each process's own half. */
  MPI_Comm_split(MPI_COMM_WORLD, rank < half_size, rank, &half);
  x = rank;
  MPI_Allreduce(&x, &sum, 1, MPI_INT, MPI_SUM, half);

  /* A struct field and an array of duplicates. */
  MPI_Comm_dup(MPI_COMM_WORLD, &ctx.comm);
  ctx.rank = rank;
  MPI_Bcast(&ctx.rank, 1, MPI_INT, 0, ctx.comm);
  MPI_Comm_dup(MPI_COMM_WORLD, &pair[0]);
  MPI_Comm_dup(MPI_COMM_WORLD, &pair[1]);
  for (i = 0; i < 2; ++i)
    MPI_Barrier(pair[i]);

  /* Disjoint groups: each process chooses the one it belongs to. */
  MPI_Comm_group(MPI_COMM_WORLD, &world_group);
  int low_range[1][3] = {{0, half_size - 1, 1}};
  int high_range[1][3] = {{half_size, size - 1, 1}};
  MPI_Group_range_incl(world_group, 1, low_range, &low_group);
  if (half_size < size)
    MPI_Group_range_incl(world_group, 1, high_range, &high_group);
  else
    high_group = MPI_GROUP_EMPTY;
  MPI_Comm_create(MPI_COMM_WORLD, low_group, &low);
  MPI_Comm_create(MPI_COMM_WORLD, high_group, &high);
  chosen = rank < half_size ? low : high;
  MPI_Barrier(chosen);

  /* One process per communicator either way. */
  MPI_Comm_dup(MPI_COMM_SELF, &self_dup);
  alone = rank == 0 ? MPI_COMM_SELF : self_dup;
  MPI_Barrier(alone);

  /* Chosen by the size: the same everywhere. */
  wide = size > 2 ? ctx.comm : MPI_COMM_WORLD;
  MPI_Barrier(wide);

  barrier_on(half);
  barrier_on(MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum %d\n", sum);

  MPI_Comm_free(&self_dup);
  if (low != MPI_COMM_NULL)
    MPI_Comm_free(&low);
  if (high != MPI_COMM_NULL)
    MPI_Comm_free(&high);
  if (high_group != MPI_GROUP_EMPTY)
    MPI_Group_free(&high_group);
  MPI_Group_free(&low_group);
  MPI_Group_free(&world_group);
  MPI_Comm_free(&pair[1]);
  MPI_Comm_free(&pair[0]);
  MPI_Comm_free(&ctx.comm);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
