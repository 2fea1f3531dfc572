/* Correct request handling the static analysis must not warn about.
 *
 * Correct: requests created and completed under the same condition
 * (correlated branches: no path certainly leaves one active); a handle
 * initialised to MPI_REQUEST_NULL; a handle completed by a helper of the
 * file; a request in a struct; a handle copied into another variable
 * and completed through the copy; MPI_Waitall (1, &r, ...); a goto to a
 * cleanup that waits; a static handle that the next call completes; an
 * error branch ending in MPI_Abort (and a return after it) with a request
 * active; MPI_Irecv and
 * MPI_Wait in a loop.  Silent at compile time, clean at run time.
 *
 * description: correct request handling the must-analysis cannot or need not follow: silent
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>

struct exchange {
  MPI_Request request;
  int value;
};

static void complete(MPI_Request *request)
{
  MPI_Wait(request, MPI_STATUS_IGNORE);
}

/* Posts a send per call and completes the previous one; the last call
   (post == 0) only completes.  */
static void pipelined_send(int value, int to, int post)
{
  static MPI_Request pending;
  static int started, buffer;
  if (started)
    MPI_Wait(&pending, MPI_STATUS_IGNORE);
  started = 0;
  if (post) {
    buffer = value;
    MPI_Isend(&buffer, 1, MPI_INT, to, 7, MPI_COMM_WORLD, &pending);
    started = 1;
  }
}

/* An error path ending in MPI_Abort, then a return the job never reaches
   (MPI_Abort is not declared noreturn by every MPI).  */
static int exchange_or_abort(int *value, int to, int from)
{
  MPI_Request request;
  int got = -1;
  MPI_Isend(value, 1, MPI_INT, to, 9, MPI_COMM_WORLD, &request);
  if (*value < 0) {
    MPI_Abort(MPI_COMM_WORLD, 3);
    return -1;
  }
  MPI_Recv(&got, 1, MPI_INT, from, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  return got;
}

int main(int argc, char **argv)
{
  int rank, size, next, prev, mine, got = -1, i;
  MPI_Request a = MPI_REQUEST_NULL, b, c, copy, d;
  struct exchange x;
  MPI_Status statuses[1];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  next = (rank + 1) % size;
  prev = (rank + size - 1) % size;
  mine = rank;

  /* Same condition on both sides.  */
  if (rank % 2 == 0)
    MPI_Isend(&mine, 1, MPI_INT, next, 0, MPI_COMM_WORLD, &a);
  if (prev % 2 == 0)
    MPI_Recv(&got, 1, MPI_INT, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank % 2 == 0)
    MPI_Wait(&a, MPI_STATUS_IGNORE);

  /* A helper completes it.  */
  MPI_Isend(&mine, 1, MPI_INT, next, 1, MPI_COMM_WORLD, &b);
  MPI_Recv(&got, 1, MPI_INT, prev, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  complete(&b);

  /* In a struct.  */
  x.value = rank;
  MPI_Isend(&x.value, 1, MPI_INT, next, 2, MPI_COMM_WORLD, &x.request);
  MPI_Recv(&got, 1, MPI_INT, prev, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&x.request, MPI_STATUS_IGNORE);

  /* Completed through a copy, after the variable was reused.  */
  MPI_Isend(&mine, 1, MPI_INT, next, 3, MPI_COMM_WORLD, &c);
  copy = c;
  MPI_Isend(&mine, 1, MPI_INT, next, 4, MPI_COMM_WORLD, &c);
  MPI_Recv(&got, 1, MPI_INT, prev, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Recv(&got, 1, MPI_INT, prev, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&copy, MPI_STATUS_IGNORE);
  MPI_Waitall(1, &c, statuses);

  /* An error branch that aborts the job, and a goto to the cleanup.  */
  MPI_Irecv(&got, 1, MPI_INT, prev, 5, MPI_COMM_WORLD, &d);
  if (size < 1)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Send(&mine, 1, MPI_INT, next, 5, MPI_COMM_WORLD);
  if (mine == -12345)
    goto cleanup;
  mine = rank; /* skipped by the goto: nothing to do with MPI */
cleanup:
  MPI_Wait(&d, MPI_STATUS_IGNORE);

  /* A pipeline across calls through a static handle.  */
  for (i = 0; i < 3; i++) {
    pipelined_send(rank * 10 + i, next, 1);
    MPI_Recv(&got, 1, MPI_INT, prev, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  pipelined_send(0, next, 0);

  if (exchange_or_abort(&mine, next, prev) != prev)
    MPI_Abort(MPI_COMM_WORLD, 1);

  /* A loop of receive and wait.  */
  for (i = 0; i < 4; i++) {
    MPI_Irecv(&got, 1, MPI_INT, prev, 8, MPI_COMM_WORLD, &d);
    MPI_Send(&mine, 1, MPI_INT, next, 8, MPI_COMM_WORLD);
    MPI_Wait(&d, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return got == prev ? 0 : 1;
}
