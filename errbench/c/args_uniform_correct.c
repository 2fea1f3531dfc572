/* Correct counterparts of the argument mismatches: arguments computed,
 * some from the rank's neighbourhood, yet the same on every process where
 * MPI requires it, and per-process values where MPI allows them.
 *
 * What it shows (nothing to warn, nothing to stop):
 *   - a root computed from uniform values: size - 1, and a parameter that
 *     rank 0 reads and then broadcasts;
 *   - a root passed to a helper by its callers, each with a uniform value;
 *   - an operation chosen by a test of the size (the same everywhere);
 *   - counts from MPI_Comm_size, and one computed under `if (rank < size)'
 *     (every process takes that branch);
 *   - per-process counts where the standard allows them: MPI_Gatherv's
 *     sendcount, MPI_Scatterv's recvcount, MPI_Alltoallv's arrays;
 *   - MPI_IN_PLACE at the root only (MPI_Reduce, MPI_Gather, whose
 *     sendcount is then ignored at the root);
 *   - a count computed from the rank in MPI_COMM_WORLD, but the same
 *     within each half of an MPI_Comm_split by parity, on that half; and
 *     a root and count from the rank on MPI_COMM_SELF, where every process
 *     is alone.
 *
 * description: computed-but-uniform roots, ops and counts, per-process v-variant counts, in-place at root: silent and clean
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXP 16

static void share(int *value, int root)
{
  MPI_Bcast(value, 1, MPI_INT, root, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank, size, i, root, param = 0, count = 1, sendcount, per_colour;
  MPI_Comm half;
  int x[4 * MAXP], y[4 * MAXP], z[MAXP * MAXP];
  int counts[MAXP], displs[MAXP], rcounts[MAXP], rdispls[MAXP];
  MPI_Op op;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (i = 0; i < 4 * MAXP; i++)
    x[i] = rank + i;

  /* A root from the size. */
  root = size - 1;
  MPI_Bcast(x, 2, MPI_INT, root, MPI_COMM_WORLD);

  /* A root read by rank 0, then broadcast. */
  if (rank == 0)
    param = (argc > 1 ? atoi(argv[1]) : 7) % size;
  MPI_Bcast(&param, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Reduce(x, y, 1, MPI_INT, MPI_SUM, param, MPI_COMM_WORLD);

  /* A helper's root, uniform at each call site. */
  share(&x[0], 0);
  share(&x[1], size - 1);

  /* An operation chosen by the size; a count from the size. */
  op = size > 2 ? MPI_MAX : MPI_SUM;
  MPI_Allreduce(x, y, size, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_INT, size > 1 ? MPI_MIN : MPI_MAX,
                MPI_COMM_WORLD);
  if (rank < size) {
    count = size;
    MPI_Allreduce(x, y, count, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }

  /* In place at the root only. */
  MPI_Reduce(rank == root ? MPI_IN_PLACE : (void *)x, x, 2, MPI_INT, MPI_MAX,
             root, MPI_COMM_WORLD);
  sendcount = rank == root ? 0 : 1; /* ignored at the root (MPI_IN_PLACE) */
  MPI_Gather(rank == root ? MPI_IN_PLACE : (void *)x, sendcount, MPI_INT, y, 1,
             MPI_INT, root, MPI_COMM_WORLD);

  /* v variants: process i sends (receives) i + 1 ints. */
  for (i = 0; i < size; i++) {
    counts[i] = i + 1;
    displs[i] = i * MAXP;
  }
  MPI_Gatherv(x, rank + 1, MPI_INT, z, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatterv(z, counts, displs, MPI_INT, y, rank + 1, MPI_INT, root, MPI_COMM_WORLD);
  for (i = 0; i < size; i++) {
    counts[i] = rank + 1;
    displs[i] = 0;
    rcounts[i] = i + 1;
    rdispls[i] = i * MAXP;
  }
  MPI_Alltoallv(x, counts, displs, MPI_INT, z, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);

  /* Per colour on the half, per process on MPI_COMM_SELF. */
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  per_colour = rank % 2 == 0 ? 2 : 3;
  MPI_Allreduce(x, y, per_colour, MPI_INT, MPI_SUM, half);
  MPI_Comm_free(&half);
  MPI_Bcast(x, rank + 1, MPI_INT, rank - rank, MPI_COMM_SELF);

  if (rank == 0)
    printf("done\n");
  MPI_Finalize();
  return 0;
}
