/* Correct: a row-distributed solver whose shares are uneven, as real
 * codes distribute N rows over P processes (N / P each, one more for the
 * first N % P).  Every time step it scatters the rows with MPI_Scatterv,
 * exchanges boundary values with MPI_Alltoallv (process i sends j
 * i + j + 1 values), gathers the norms per row on every process with
 * MPI_Allgatherv (sent as pairs of doubles through a derived datatype,
 * received as doubles: the same type signature), sums per-row
 * contributions with MPI_Reduce_scatter over uneven counts, and gathers
 * the rows back with MPI_Gatherv, the root in place on its own line; the
 * same again on a communicator split by parity.  Forty steps: more than
 * the runtime's sampling checks one by one (rtlib/parcoach_count_checks.c),
 * so both the checked and the unchecked calls run.
 *
 * description: uneven v-variant counts in a time loop (Scatterv, Alltoallv, Allgatherv with a derived type, Reduce_scatter, Gatherv in place at the root), on MPI_COMM_WORLD and a split communicator: silent, clean
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run: 3 ok PARCOACH_COUNT_CHECKS=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 23, STEPS = 40 };

static int rows_of(int rank, int nprocs)
{
  return ROWS / nprocs + (rank < ROWS % nprocs ? 1 : 0);
}

static void shares(int nprocs, int *counts, int *displs)
{
  int offset = 0;
  for (int i = 0; i < nprocs; i++) {
    counts[i] = rows_of(i, nprocs);
    displs[i] = offset;
    offset += counts[i];
  }
}

static double step(MPI_Comm comm, MPI_Datatype pair, double *global, int t)
{
  int rank, nprocs;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);
  int *counts = malloc(nprocs * sizeof *counts);
  int *displs = malloc(nprocs * sizeof *displs);
  int *scounts = malloc(nprocs * sizeof *scounts);
  int *sdispls = malloc(nprocs * sizeof *sdispls);
  int *rcounts = malloc(nprocs * sizeof *rcounts);
  int *rdispls = malloc(nprocs * sizeof *rdispls);
  shares(nprocs, counts, displs);
  int mine = counts[rank];
  double local[ROWS];

  MPI_Scatterv(global, counts, displs, MPI_DOUBLE, local, mine, MPI_DOUBLE, 0, comm);
  for (int r = 0; r < mine; r++)
    local[r] += 0.5 * t;

  int sent = 0, received = 0;
  for (int j = 0; j < nprocs; j++) {
    scounts[j] = rank + j + 1;
    sdispls[j] = sent;
    sent += scounts[j];
    rcounts[j] = j + rank + 1;
    rdispls[j] = received;
    received += rcounts[j];
  }
  double *out = malloc(sent * sizeof *out), *in = malloc(received * sizeof *in);
  for (int k = 0; k < sent; k++)
    out[k] = rank + k;
  MPI_Alltoallv(out, scounts, sdispls, MPI_DOUBLE, in, rcounts, rdispls, MPI_DOUBLE, comm);

  /* Each row's (value, square) as one pair; received as two doubles. */
  double pairs[2 * ROWS], all_pairs[2 * ROWS];
  int pair_counts[ROWS], pair_displs[ROWS];
  for (int r = 0; r < mine; r++) {
    pairs[2 * r] = local[r];
    pairs[2 * r + 1] = local[r] * local[r];
  }
  for (int i = 0; i < nprocs; i++) {
    pair_counts[i] = 2 * counts[i];
    pair_displs[i] = 2 * displs[i];
  }
  MPI_Allgatherv(pairs, mine, pair, all_pairs, pair_counts, pair_displs, MPI_DOUBLE, comm);

  double contribution[ROWS], summed[ROWS];
  for (int r = 0; r < ROWS; r++)
    contribution[r] = all_pairs[2 * (r % ROWS) + 1] / (rank + 1);
  MPI_Reduce_scatter(contribution, summed, counts, MPI_DOUBLE, MPI_SUM, comm);

  if (rank == 0)
    MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, global, counts, displs, MPI_DOUBLE, 0,
                comm);
  else
    MPI_Gatherv(local, mine, MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE, 0, comm);

  double norm = 0;
  for (int k = 0; k < received; k++)
    norm += in[k];
  for (int r = 0; r < mine; r++)
    norm += summed[r];
  free(out);
  free(in);
  free(counts);
  free(displs);
  free(scounts);
  free(sdispls);
  free(rcounts);
  free(rdispls);
  return norm;
}

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Datatype pair;
  MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
  MPI_Type_commit(&pair);
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);

  double world_rows[ROWS], half_rows[ROWS], norm = 0;
  for (int r = 0; r < ROWS; r++)
    world_rows[r] = half_rows[r] = r;
  for (int t = 0; t < STEPS; t++) {
    norm += step(MPI_COMM_WORLD, pair, world_rows, t);
    norm += step(half, pair, half_rows, t);
  }
  if (rank == 0)
    printf("norm %g, row 0 %g\n", norm, world_rows[0]);

  MPI_Comm_free(&half);
  MPI_Type_free(&pair);
  MPI_Finalize();
  return 0;
}
