/* Correct collectives whose arguments legitimately differ between
 * processes, or are ignored, as the MPI standard allows.
 *
 * What it shows: with instrument=all every collective below is checked,
 * and the checks compare roots, predefined operations and data sizes; none
 * of these may stop the program:
 *   - MPI_IN_PLACE: MPI_Allreduce, MPI_Reduce at the root, MPI_Gather at
 *     the root (its sendcount and sendtype are then ignored: garbage here),
 *     MPI_Scatter at the root (recvbuf), MPI_Allgather, MPI_Alltoall;
 *   - arguments significant only at the root: the receive side of
 *     MPI_Gather and the send side of MPI_Scatter differ elsewhere;
 *   - the same data size through different datatypes: 2 MPI_INT at the
 *     root of MPI_Bcast, 1 pair of ints (MPI_Type_contiguous) elsewhere;
 *   - `v' variants: MPI_Gatherv and MPI_Scatterv with a different count
 *     on every process, MPI_Allgatherv with recvcounts of MPI_INT on even
 *     ranks and of pairs on odd ones (same total), MPI_Alltoallv,
 *     MPI_Reduce_scatter (recvcounts identical, different per process);
 *   - a user-defined operation (not compared), nonblocking forms, scans.
 *
 * description: correct MPI_IN_PLACE, root-only and v-variant arguments: argument checks stay silent
 * plugin-args: instrument=all
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXP 16

static void add_ints(void *in, void *inout, int *len, MPI_Datatype *type)
{
  int i;
  (void)type;
  for (i = 0; i < *len; i++)
    ((int *)inout)[i] += ((int *)in)[i];
}

int main(int argc, char **argv)
{
  int rank, size, i, root;
  int x[2 * MAXP], y[4 * MAXP], z[4 * MAXP];
  int counts[MAXP], displs[MAXP], rcounts[MAXP], rdispls[MAXP];
  int sendcount, recvcount;
  MPI_Datatype pair, type;
  MPI_Op user;
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  MPI_Op_create(add_ints, 1, &user);
  for (i = 0; i < 2 * MAXP; i++)
    x[i] = rank + i;
  root = size - 1;

  /* In place everywhere: count and datatype still agree.  */
  MPI_Allreduce(MPI_IN_PLACE, x, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  /* The root in place, the others not.  */
  MPI_Reduce(rank == root ? MPI_IN_PLACE : (void *)x, y, 2, MPI_INT, MPI_MAX,
             root, MPI_COMM_WORLD);
  /* A user-defined operation (its handle may differ between processes).  */
  MPI_Allreduce(x, y, 2, MPI_INT, user, MPI_COMM_WORLD);

  /* MPI_Bcast: 8 bytes everywhere, as 2 MPI_INT at the root and one pair
     elsewhere.  */
  MPI_Bcast(x, rank == 0 ? 2 : 1, rank == 0 ? MPI_INT : pair, 0, MPI_COMM_WORLD);

  /* MPI_Gather in place at the root: its sendcount and sendtype are
     ignored; the receive side is ignored elsewhere.  */
  if (rank == root) {
    sendcount = -1;      /* ignored with MPI_IN_PLACE */
    recvcount = 2;
    type = MPI_INT;
  } else {
    sendcount = 2;
    recvcount = 5;       /* only significant at the root */
    type = MPI_DOUBLE;
  }
  MPI_Gather(rank == root ? MPI_IN_PLACE : (void *)x, sendcount, MPI_INT, y,
             recvcount, type, root, MPI_COMM_WORLD);

  /* MPI_Scatter in place at the root (recvbuf); the send side only
     matters at the root.  */
  MPI_Scatter(y, rank == 0 ? 1 : 9, rank == 0 ? pair : MPI_CHAR,
              rank == 0 ? MPI_IN_PLACE : (void *)x, 2, MPI_INT, 0,
              MPI_COMM_WORLD);

  /* MPI_Allgather and MPI_Alltoall in place.  */
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, y, 2, MPI_INT, MPI_COMM_WORLD);
  MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, y, 1, pair, MPI_COMM_WORLD);

  /* v variants: process i sends i + 1 ints.  */
  for (i = 0; i < size; i++) {
    counts[i] = i + 1;
    displs[i] = i * (MAXP + 1);
  }
  MPI_Gatherv(x, rank + 1, MPI_INT, z, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatterv(z, counts, displs, MPI_INT, x, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  /* MPI_Allgatherv: 2 MPI_INT from each process, counted in ints on even
     ranks and in pairs on odd ones.  */
  for (i = 0; i < size; i++) {
    rcounts[i] = rank % 2 == 0 ? 2 : 1;
    rdispls[i] = rank % 2 == 0 ? 2 * i : i;
  }
  MPI_Allgatherv(x, 2, MPI_INT, y, rcounts, rdispls, rank % 2 == 0 ? MPI_INT : pair,
                 MPI_COMM_WORLD);
  /* MPI_Alltoallv: process i sends i + 1 ints to everybody.  */
  for (i = 0; i < size; i++) {
    counts[i] = rank + 1;
    displs[i] = 0;
    rcounts[i] = i + 1;
    rdispls[i] = i * MAXP;
  }
  MPI_Alltoallv(x, counts, displs, MPI_INT, z, rcounts, rdispls, MPI_INT, MPI_COMM_WORLD);
  /* MPI_Reduce_scatter: process i gets i + 1 results.  */
  for (i = 0; i < size; i++)
    counts[i] = i + 1;
  MPI_Reduce_scatter(z, y, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(z, y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);

  /* Nonblocking and scans.  */
  MPI_Ibcast(x, 1, pair, 0, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Iallreduce(MPI_IN_PLACE, x, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &request);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  MPI_Scan(x, y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Exscan(x, y, 1, MPI_INT, MPI_PROD, MPI_COMM_WORLD);

  MPI_Op_free(&user);
  MPI_Type_free(&pair);
  if (rank == 0)
    printf("done\n");
  MPI_Finalize();
  return 0;
}
