/* Correct: request handling spread over helpers, as in application
 * communication layers:
 *   - a struct per neighbour channel holding its buffer and its request;
 *     a helper posts the receive into the struct, another one takes a
 *     pointer to the request and waits on it;
 *   - a fixed-size request array initialised to MPI_REQUEST_NULL of which
 *     only the entries for the actual neighbours are used, completed by
 *     one MPI_Waitall over the whole array;
 *   - a helper returning a request by value to its caller, which waits;
 *   - persistent requests created once, started and completed in a loop,
 *     then released with MPI_Request_free once inactive;
 *   - a request completed by an MPI_Test loop, then its handle reused.
 * Values are checked.  Silent at compile time, clean at run time.
 *
 * description: requests in per-neighbour structs posted and waited by helpers, partly used MPI_REQUEST_NULL array with Waitall, request returned by value, persistent requests freed when inactive: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

#define N 16
#define MAXNB 8

struct channel {
  int peer;
  int tag;
  double recvbuf[N];
  double sendbuf[N];
  MPI_Request rreq;
  MPI_Request sreq;
};

static void channel_post(struct channel *c, MPI_Comm comm)
{
  MPI_Irecv(c->recvbuf, N, MPI_DOUBLE, c->peer, c->tag, comm, &c->rreq);
  MPI_Isend(c->sendbuf, N, MPI_DOUBLE, c->peer, c->tag, comm, &c->sreq);
}

static void wait_request(MPI_Request *req)
{
  MPI_Wait(req, MPI_STATUS_IGNORE);
}

static MPI_Request start_reduction(const int *in, int *out, MPI_Comm comm)
{
  MPI_Request r;
  MPI_Iallreduce(in, out, 1, MPI_INT, MPI_SUM, comm, &r);
  return r;
}

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  /* channels in a struct array */
  struct channel ch[2];
  ch[0].peer = left;
  ch[0].tag = 7;
  ch[1].peer = right;
  ch[1].tag = 7;
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++)
      ch[c].sendbuf[i] = rank + 0.5 * i;
  for (int c = 0; c < 2; c++)
    channel_post(&ch[c], MPI_COMM_WORLD);
  for (int c = 0; c < 2; c++) {
    wait_request(&ch[c].rreq);
    wait_request(&ch[c].sreq);
  }
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < N; i++)
      if (ch[c].recvbuf[i] != ch[c].peer + 0.5 * i)
        errors++;

  /* a request array of MAXNB entries, only some used */
  MPI_Request reqs[2 * MAXNB];
  int inbox[MAXNB], outbox[MAXNB];
  for (int i = 0; i < 2 * MAXNB; i++)
    reqs[i] = MPI_REQUEST_NULL;
  int nnb = nprocs - 1 < MAXNB ? nprocs - 1 : MAXNB;
  for (int k = 0; k < nnb; k++) {
    int peer = (rank + 1 + k) % nprocs;
    int from = (rank + nprocs - 1 - k) % nprocs;
    outbox[k] = rank * 100 + k;
    MPI_Irecv(&inbox[k], 1, MPI_INT, from, 20 + k, MPI_COMM_WORLD, &reqs[k]);
    MPI_Isend(&outbox[k], 1, MPI_INT, peer, 20 + k, MPI_COMM_WORLD,
              &reqs[MAXNB + k]);
  }
  MPI_Waitall(2 * MAXNB, reqs, MPI_STATUSES_IGNORE);
  for (int k = 0; k < nnb; k++) {
    int from = (rank + nprocs - 1 - k) % nprocs;
    if (inbox[k] != from * 100 + k)
      errors++;
  }

  /* a request returned by a helper */
  int one = 1, count = 0;
  MPI_Request red = start_reduction(&one, &count, MPI_COMM_WORLD);
  MPI_Wait(&red, MPI_STATUS_IGNORE);
  if (count != nprocs)
    errors++;

  /* persistent requests, freed once inactive */
  MPI_Request pers[2];
  double token_out = 0.0, token_in = -1.0;
  MPI_Recv_init(&token_in, 1, MPI_DOUBLE, left, 30, MPI_COMM_WORLD, &pers[0]);
  MPI_Send_init(&token_out, 1, MPI_DOUBLE, right, 30, MPI_COMM_WORLD,
                &pers[1]);
  for (int step = 0; step < 5; step++) {
    token_out = rank + step;
    MPI_Startall(2, pers);
    MPI_Waitall(2, pers, MPI_STATUSES_IGNORE);
    if (token_in != left + step)
      errors++;
  }
  MPI_Request_free(&pers[0]);
  MPI_Request_free(&pers[1]);

  /* completed by a test loop, then the handle reused */
  MPI_Request r = MPI_REQUEST_NULL;
  for (int round = 0; round < 3; round++) {
    int flag = 0;
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    while (!flag)
      MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
  }

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
