/* Correct: a progress loop that peeks at requests with
 * MPI_Request_get_status, as libraries do when the request belongs to
 * someone else (get_status neither frees nor deactivates it).  Once the
 * flag is true the operation is complete, so its buffer may be used (MPI
 * 4.0, 3.7.3): the loop reads the received value and overwrites the sent
 * one right away; the owner completes the requests later with MPI_Wait
 * and MPI_Waitall.  A persistent receive is peeked at the same way
 * between MPI_Start and MPI_Wait.  Values are checked.  Silent at
 * compile time, clean at run time.
 *
 * description: MPI_Request_get_status polling: receive buffer read and send buffer rewritten once the flag is true, before the MPI_Wait that frees the request; the same for a persistent receive: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

struct pending {
  MPI_Request req;
  int done;
};

/* Progress: true once every request of the set is complete; never frees
 * them (the owner does).  */
static int all_complete(struct pending *p, int n)
{
  int complete = 1;
  for (int i = 0; i < n; i++) {
    if (!p[i].done)
      MPI_Request_get_status(p[i].req, &p[i].done, MPI_STATUS_IGNORE);
    complete &= p[i].done;
  }
  return complete;
}

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;

  int in = -1, out = rank * 7;
  struct pending p[2] = {{MPI_REQUEST_NULL, 0}, {MPI_REQUEST_NULL, 0}};
  MPI_Irecv(&in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &p[0].req);
  MPI_Isend(&out, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &p[1].req);
  long spins = 0;
  while (!all_complete(p, 2))
    spins++;
  if (in != left * 7) /* complete: the buffer holds the message */
    errors++;
  out = -1; /* complete: the send buffer is free again */
  MPI_Wait(&p[0].req, MPI_STATUS_IGNORE);
  MPI_Wait(&p[1].req, MPI_STATUS_IGNORE);

  int token = -1, mine = rank;
  MPI_Request pr[2];
  MPI_Recv_init(&token, 1, MPI_INT, left, 2, MPI_COMM_WORLD, &pr[0]);
  MPI_Send_init(&mine, 1, MPI_INT, right, 2, MPI_COMM_WORLD, &pr[1]);
  for (int step = 0; step < 3; step++) {
    int flag = 0;
    mine = rank + 10 * step;
    MPI_Startall(2, pr);
    while (!flag)
      MPI_Request_get_status(pr[0], &flag, MPI_STATUS_IGNORE);
    if (token != left + 10 * step)
      errors++;
    MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);
  }
  MPI_Request_free(&pr[0]);
  MPI_Request_free(&pr[1]);

  int all;
  MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (all || spins < 0) {
    if (rank == 0)
      fprintf(stderr, "%d errors\n", all);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}
