/* Buffers of pending operations touched only where MPI allows it, in code
 * the plugin fills with run-time buffer checks.
 *
 * Correct (MPI-3.1 3.7.2, 3.9, 5.12): a halo exchange on heap arrays reads
 * its send cells and writes the cells next to its ghost cells while the
 * requests are pending, and reads the ghost cells after MPI_Waitall; a
 * receive buffer read after an MPI_Test loop reports completion and
 * written again for the next receive; persistent requests whose buffers
 * are refilled only between a completion and the next MPI_Start; an
 * MPI_Ibcast whose root reads its buffer while pending; a strided receive
 * (MPI_Type_vector) whose holes are written while it is pending; an
 * MPI_Waitany loop consuming each buffer as soon as its receive is done.
 * Every check the plugin inserted runs and must stay silent.
 *
 * description: halo exchange, test loop, persistent requests, Ibcast, strided receive, Waitany: buffers touched only when allowed, under run-time buffer checks
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 * expect-run: 2 ok PARCOACH_REQUESTS=off
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 32
#define STEPS 4

static double halo_exchange(int rank, int size)
{
  int left = (rank + size - 1) % size, right = (rank + 1) % size, i, step;
  double *u = malloc((N + 2) * sizeof *u), *v = malloc((N + 2) * sizeof *v), sum = 0;
  MPI_Request halo[4];

  for (i = 0; i < N + 2; i++)
    u[i] = rank + i;
  for (step = 0; step < STEPS; step++) {
    MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[0]);
    MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[1]);
    MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
    MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &halo[3]);
    /* interior, overlapped: reads the pending send cells u[1], u[N] */
    for (i = 2; i < N; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3;
    MPI_Waitall(4, halo, MPI_STATUSES_IGNORE);
    v[1] = (u[0] + u[1] + u[2]) / 3;
    v[N] = (u[N - 1] + u[N] + u[N + 1]) / 3;
    for (i = 1; i <= N; i++)
      u[i] = v[i]; /* the send cells, rewritten after completion */
  }
  for (i = 1; i <= N; i++)
    sum += u[i];
  free(u);
  free(v);
  return sum;
}

static int test_loop(int rank, int size)
{
  int got = -1, mine = rank, flag = 0, round, total = 0;
  MPI_Request request;

  for (round = 0; round < 3; round++) {
    MPI_Irecv(&got, 1, MPI_INT, (rank + size - 1) % size, 2, MPI_COMM_WORLD, &request);
    MPI_Send(&mine, 1, MPI_INT, (rank + 1) % size, 2, MPI_COMM_WORLD);
    flag = 0;
    while (!flag)
      MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
    total += got; /* complete: the buffer is free again */
    got = -1;
  }
  return total;
}

static int persistent(int rank, int size)
{
  int out[4], in[4], step, total = 0, peek;
  MPI_Request requests[2];

  MPI_Recv_init(in, 4, MPI_INT, (rank + size - 1) % size, 3, MPI_COMM_WORLD, &requests[0]);
  MPI_Send_init(out, 4, MPI_INT, (rank + 1) % size, 3, MPI_COMM_WORLD, &requests[1]);
  for (step = 0; step < STEPS; step++) {
    out[0] = out[1] = out[2] = out[3] = rank + step; /* inactive: allowed */
    MPI_Startall(2, requests);
    peek = out[0]; /* reading an active send buffer: allowed */
    MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
    total += in[0] + in[3] + peek;
    in[0] = 0; /* inactive again */
  }
  MPI_Request_free(&requests[0]);
  MPI_Request_free(&requests[1]);
  return total;
}

static int broadcast(int rank)
{
  int data[8], i, seen = 0;
  MPI_Request request;

  for (i = 0; i < 8; i++)
    data[i] = rank == 0 ? i : -1;
  MPI_Ibcast(data, 8, MPI_INT, 0, MPI_COMM_WORLD, &request);
  if (rank == 0)
    for (i = 0; i < 8; i++)
      seen += data[i]; /* the root's buffer is a send buffer: reads allowed */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  for (i = 0; i < 8; i++)
    seen += data[i];
  return seen;
}

static int strided(int rank, int size)
{
  /* a receive into every other int: the holes are not its buffer */
  int *cells = calloc(8, sizeof *cells), i, ones = 1, sum = 0;
  int values[4] = {1, 2, 3, 4};
  MPI_Datatype every_other;
  MPI_Request request;

  MPI_Type_vector(4, 1, 2, MPI_INT, &every_other);
  MPI_Type_commit(&every_other);
  MPI_Irecv(cells, 1, every_other, (rank + size - 1) % size, 4, MPI_COMM_WORLD, &request);
  for (i = 1; i < 8; i += 2)
    cells[i] = ones; /* the holes */
  MPI_Send(values, 4, MPI_INT, (rank + 1) % size, 4, MPI_COMM_WORLD);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  for (i = 0; i < 8; i++)
    sum += cells[i];
  MPI_Type_free(&every_other);
  free(cells);
  return sum;
}

static int wait_any(int rank, int size)
{
  int in[2][2], out[2] = {rank, rank + 1}, k, index, sum = 0;
  MPI_Request requests[2];

  for (k = 0; k < 2; k++)
    MPI_Irecv(in[k], 2, MPI_INT, (rank + size - 1) % size, 10 + k, MPI_COMM_WORLD,
              &requests[k]);
  for (k = 1; k >= 0; k--)
    MPI_Send(out, 2, MPI_INT, (rank + 1) % size, 10 + k, MPI_COMM_WORLD);
  for (k = 0; k < 2; k++) {
    MPI_Waitany(2, requests, &index, MPI_STATUS_IGNORE);
    sum += in[index][0] + in[index][1]; /* this one is complete */
    in[index][0] = 0;
  }
  return sum;
}

int main(int argc, char **argv)
{
  int rank, size, expected;
  double halo;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  halo = halo_exchange(rank, size);
  expected = 3 * ((rank + size - 1) % size);
  if (test_loop(rank, size) != expected || strided(rank, size) != 14 ||
      broadcast(rank) != (rank == 0 ? 56 : 28) || persistent(rank, size) < 0 ||
      wait_any(rank, size) != 2 * (2 * ((rank + size - 1) % size) + 1) || halo != halo) {
    fprintf(stderr, "rank %d: wrong values\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
