/* Correct gathers and scatters whose counts and datatypes differ by rank
 * where MPI 4.0 allows it, in a unit that builds no derived datatype (so
 * the compiler's rules on counts and datatypes are live).
 *
 * What it shows (nothing to warn, nothing to stop):
 *   - MPI_Gather's recvcount and recvtype are significant at the root
 *     only (section 6.5): elsewhere a rank-dependent value is fine;
 *     MPI_Scatter's sendcount likewise;
 *   - MPI_IN_PLACE as the root's sendbuf of MPI_Gather and MPI_Gatherv,
 *     with sendcount 0 (and MPI_DATATYPE_NULL) there, chosen in the call
 *     or through a pointer variable; as the root's recvbuf of
 *     MPI_Scatter; as sendbuf of MPI_Allgather on every process;
 *   - per-process counts of the v-variants: MPI_Gatherv's sendcount,
 *     MPI_Scatterv's recvcount, MPI_Allgatherv's sendcount, MPI_Alltoallv's
 *     arrays, all with one datatype everywhere.
 *
 * description: rank-dependent root-only counts, MPI_IN_PLACE at the root with sendcount 0, v-variants with per-rank counts, basic datatypes: silent and clean
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
  int rank, size, i, errors = 0;
  int x[MAXP + 1], y[MAXP * (MAXP + 1)], z[MAXP * (MAXP + 1)];
  int counts[MAXP], displs[MAXP], rcounts[MAXP], rdispls[MAXP];
  const void *send;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (i = 0; i <= MAXP; i++)
    x[i] = rank;

  /* recvcount significant at the root only: 1 there, anything elsewhere.  */
  MPI_Gather(x, 1, MPI_INT, y, rank == 0 ? 1 : 1000, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (i = 0; i < size; i++)
      errors += y[i] != i;
  /* In place at the root, which then gives sendcount 0.  */
  y[0] = 0;
  MPI_Gather(rank == 0 ? MPI_IN_PLACE : (void *)x, rank == 0 ? 0 : 1, MPI_INT, y, 1, MPI_INT,
             0, MPI_COMM_WORLD);
  if (rank == 0)
    for (i = 0; i < size; i++)
      errors += y[i] != i;
  /* The same through a pointer variable, with MPI_DATATYPE_NULL there.  */
  send = x;
  if (rank == 0)
    send = MPI_IN_PLACE;
  MPI_Gather(send, rank == 0 ? 0 : 1, rank == 0 ? MPI_DATATYPE_NULL : MPI_INT, y, 1, MPI_INT, 0,
             MPI_COMM_WORLD);

  /* MPI_Scatter: sendcount significant at the root only; in place there.  */
  for (i = 0; i < size; i++)
    y[i] = i;
  MPI_Scatter(y, rank == 0 ? 1 : 7, MPI_INT, x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  errors += x[0] != rank;
  MPI_Scatter(y, 1, MPI_INT, rank == 0 ? MPI_IN_PLACE : (void *)x, rank == 0 ? 0 : 1, MPI_INT, 0,
              MPI_COMM_WORLD);

  /* MPI_Allgather in place everywhere.  */
  for (i = 0; i < size; i++)
    y[i] = i == rank ? rank : -1;
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, y, 1, MPI_INT, MPI_COMM_WORLD);
  for (i = 0; i < size; i++)
    errors += y[i] != i;

  /* v-variants: process i sends i + 1 ints.  */
  for (i = 0; i < size; i++) {
    counts[i] = i + 1;
    displs[i] = i * (MAXP + 1);
  }
  MPI_Gatherv(x, rank + 1, MPI_INT, z, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  /* In place at the root of MPI_Gatherv: its sendcount and sendtype are
     ignored there.  */
  MPI_Gatherv(rank == 0 ? MPI_IN_PLACE : (void *)x, rank == 0 ? 0 : rank + 1,
              rank == 0 ? MPI_DATATYPE_NULL : MPI_INT, z, counts, displs, MPI_INT, 0,
              MPI_COMM_WORLD);
  MPI_Scatterv(z, counts, displs, MPI_INT, x, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Allgatherv(x, rank + 1, MPI_INT, y, counts, displs, MPI_INT, MPI_COMM_WORLD);
  for (i = 0; i < size; i++) {
    rcounts[i] = rank + 1; /* what process i receives from each */
    rdispls[i] = i * (MAXP + 1);
  }
  /* Process i sends i + 1 ints to everybody: j receives i + 1 from i.  */
  MPI_Alltoallv(x, rcounts, rdispls, MPI_INT, z, counts, displs, MPI_INT, MPI_COMM_WORLD);

  if (errors)
    printf("rank %d: %d wrong values\n", rank, errors);
  printf("rank %d done\n", rank);
  MPI_Finalize();
  return errors != 0;
}
