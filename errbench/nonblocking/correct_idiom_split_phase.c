/* Correct: split-phase communication behind a small library interface,
 * as application communication layers are written:
 *   - halo_begin() posts the receives and sends of a halo exchange into a
 *     file-scope request array and returns with them active;
 *     halo_end() completes them with MPI_Waitall; the caller computes in
 *     between;
 *   - msg_isend() allocates a handle object on the heap holding the
 *     request and a copy of the data, and returns it to the caller, which
 *     later calls msg_wait() (MPI_Wait, then free);
 *   - a request stored through an output parameter of a helper
 *     (post_recv(&req)) and completed by the caller.
 * Every request is completed before MPI_Finalize.  Values are checked.
 * Silent at compile time, clean at run time.
 *
 * description: split-phase layer: halo_begin posts into a file-scope request array that halo_end waits on, a heap handle object returned with its request active and waited later, a request returned through an output parameter: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 32

static MPI_Request halo_reqs[4];
static int halo_active;

static void halo_begin(double *u, int n, int left, int right, MPI_Comm comm)
{
  MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 1, comm, &halo_reqs[0]);
  MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 2, comm, &halo_reqs[1]);
  MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 1, comm, &halo_reqs[2]);
  MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 2, comm, &halo_reqs[3]);
  halo_active = 1;
}

static void halo_end(void)
{
  if (halo_active) {
    MPI_Waitall(4, halo_reqs, MPI_STATUSES_IGNORE);
    halo_active = 0;
  }
}

struct msg {
  MPI_Request req;
  int len;
  int data[];
};

static struct msg *msg_isend(const int *data, int len, int dest, int tag,
                             MPI_Comm comm)
{
  struct msg *m = malloc(sizeof *m + len * sizeof(int));
  m->len = len;
  memcpy(m->data, data, len * sizeof(int));
  MPI_Isend(m->data, len, MPI_INT, dest, tag, comm, &m->req);
  return m;
}

static void msg_wait(struct msg *m)
{
  MPI_Wait(&m->req, MPI_STATUS_IGNORE);
  free(m);
}

static void post_recv(int *buf, int len, int src, int tag, MPI_Comm comm,
                      MPI_Request *out)
{
  MPI_Irecv(buf, len, MPI_INT, src, tag, comm, out);
}

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  double u[N + 2], sum = 0.0;
  for (int i = 0; i < N + 2; i++)
    u[i] = rank * 1000 + i;
  for (int step = 0; step < 3; step++) {
    halo_begin(u, N, left, right, MPI_COMM_WORLD);
    for (int i = 2; i < N; i++)
      sum += u[i];
    halo_end();
    if (u[0] != left * 1000 + N || u[N + 1] != right * 1000 + 1)
      errors++;
  }
  if (sum <= 0.0 && nprocs > 1)
    errors++;

  int payload[5], got[5];
  MPI_Request rreq;
  for (int i = 0; i < 5; i++)
    payload[i] = rank * 10 + i;
  post_recv(got, 5, left, 9, MPI_COMM_WORLD, &rreq);
  struct msg *m = msg_isend(payload, 5, right, 9, MPI_COMM_WORLD);
  payload[0] = -1; /* the message holds its own copy */
  MPI_Wait(&rreq, MPI_STATUS_IGNORE);
  msg_wait(m);
  for (int i = 0; i < 5; i++)
    if (got[i] != left * 10 + i)
      errors++;

  int all;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
