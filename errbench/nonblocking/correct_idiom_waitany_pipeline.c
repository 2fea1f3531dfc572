/* Correct: a master/worker task farm as applications write it.  Rank 0
 * hands out tasks; the results come back into one MPI_Irecv per worker,
 * kept in an array of requests next to a struct array describing each
 * worker, and are processed in arrival order with MPI_Waitany (a request
 * completed by MPI_Waitany is set to MPI_REQUEST_NULL; the loop ends when
 * MPI_Waitany returns MPI_UNDEFINED).  A second phase exchanges blocks on
 * a ring with requests polled by MPI_Testsome while local work goes on
 * between the polls.  Every request is completed; results are checked.
 * Silent at compile time, clean at run time.
 *
 * description: task farm with one MPI_Irecv per worker processed by an MPI_Waitany loop, ring exchange polled by MPI_Testsome with work between polls: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NTASKS 23
#define TAG_TASK 1
#define TAG_RESULT 2
#define TAG_STOP 3
#define NBLOCKS 4
#define BLOCK 64

struct worker {
  int rank;
  int current_task;
  int done;
  long result;
};

static long compute(int task)
{
  long s = 0;
  for (int i = 0; i <= task; i++)
    s += (long)i * i;
  return s;
}

static long master(int nprocs)
{
  int nworkers = nprocs - 1;
  long total = 0;
  int next = 0;
  if (nworkers == 0) {
    for (int t = 0; t < NTASKS; t++)
      total += compute(t);
    return total;
  }
  struct worker *w = calloc(nworkers, sizeof *w);
  MPI_Request *reqs = malloc(nworkers * sizeof *reqs);
  for (int i = 0; i < nworkers; i++) {
    w[i].rank = i + 1;
    reqs[i] = MPI_REQUEST_NULL;
    if (next < NTASKS) {
      w[i].current_task = next;
      MPI_Send(&next, 1, MPI_INT, w[i].rank, TAG_TASK, MPI_COMM_WORLD);
      next++;
      MPI_Irecv(&w[i].result, 1, MPI_LONG, w[i].rank, TAG_RESULT,
                MPI_COMM_WORLD, &reqs[i]);
    } else {
      MPI_Send(&next, 1, MPI_INT, w[i].rank, TAG_STOP, MPI_COMM_WORLD);
      w[i].done = 1;
    }
  }
  for (;;) {
    int idx;
    MPI_Status st;
    MPI_Waitany(nworkers, reqs, &idx, &st);
    if (idx == MPI_UNDEFINED)
      break;
    total += w[idx].result;
    if (w[idx].result != compute(w[idx].current_task)) {
      fprintf(stderr, "bad result for task %d\n", w[idx].current_task);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (next < NTASKS) {
      w[idx].current_task = next;
      MPI_Send(&next, 1, MPI_INT, w[idx].rank, TAG_TASK, MPI_COMM_WORLD);
      next++;
      MPI_Irecv(&w[idx].result, 1, MPI_LONG, w[idx].rank, TAG_RESULT,
                MPI_COMM_WORLD, &reqs[idx]);
    } else {
      MPI_Send(&next, 1, MPI_INT, w[idx].rank, TAG_STOP, MPI_COMM_WORLD);
      w[idx].done = 1;
    }
  }
  free(reqs);
  free(w);
  return total;
}

static void worker(void)
{
  for (;;) {
    int task;
    MPI_Status st;
    MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    if (st.MPI_TAG == TAG_STOP)
      break;
    long r = compute(task);
    MPI_Send(&r, 1, MPI_LONG, 0, TAG_RESULT, MPI_COMM_WORLD);
  }
}

static int ring_phase(int rank, int nprocs)
{
  int left = (rank + nprocs - 1) % nprocs, right = (rank + 1) % nprocs;
  static double out[NBLOCKS][BLOCK], in[NBLOCKS][BLOCK];
  MPI_Request reqs[2 * NBLOCKS];
  int indices[2 * NBLOCKS], received = 0, errors = 0;
  double work = 0.0;

  for (int b = 0; b < NBLOCKS; b++) {
    for (int i = 0; i < BLOCK; i++)
      out[b][i] = rank * 1000 + b * 100 + i;
    MPI_Irecv(in[b], BLOCK, MPI_DOUBLE, left, 10 + b, MPI_COMM_WORLD,
              &reqs[b]);
  }
  for (int b = 0; b < NBLOCKS; b++)
    MPI_Isend(out[b], BLOCK, MPI_DOUBLE, right, 10 + b, MPI_COMM_WORLD,
              &reqs[NBLOCKS + b]);

  int active = 2 * NBLOCKS;
  while (active > 0) {
    int outcount;
    MPI_Testsome(2 * NBLOCKS, reqs, &outcount, indices, MPI_STATUSES_IGNORE);
    if (outcount == MPI_UNDEFINED)
      break;
    for (int k = 0; k < outcount; k++) {
      int i = indices[k];
      active--;
      if (i < NBLOCKS) {
        received++;
        for (int j = 0; j < BLOCK; j++)
          if (in[i][j] != left * 1000 + i * 100 + j)
            errors++;
      }
    }
    /* progress work between the polls */
    for (int j = 0; j < 1000; j++)
      work += 1e-6 * j;
  }
  if (received != NBLOCKS)
    errors++;
  return errors + (work < 0.0);
}

int main(int argc, char **argv)
{
  int rank, nprocs, errors = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  if (rank == 0) {
    long total = master(nprocs), expect = 0;
    for (int t = 0; t < NTASKS; t++)
      expect += compute(t);
    if (total != expect)
      errors++;
  } else {
    worker();
  }
  errors += ring_phase(rank, nprocs);

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
