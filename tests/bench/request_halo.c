/* Benchmark of the run-time tracking of nonblocking requests
   (rtlib/parcoach_requests.c): a periodic 1-D halo exchange, each
   iteration posting two MPI_Irecv and two MPI_Isend of COUNT doubles and
   completing them with MPI_Waitall, then a small update of the interior.
   Small messages and a small interior (CELLS, default 256) make the
   requests' share of the time the largest it gets; a larger CELLS gives
   the share of a halo exchange with more work per process.
   With -DOVERLAP the interior is updated while the requests are pending
   (reading the send cells), the two cells next to the ghosts after
   MPI_Waitall: compiled with the plugin, every load and store of both
   loops then gets a run-time buffer check (rtlib/parcoach_buffers.c).
   The iterations are timed in chunks of CHUNK (after WARMUP iterations);
   each chunk's time is the slowest process's.  Rank 0 prints
   "us_per_iteration X fastest10 F checksum Y": X the whole run's time per
   iteration, F the 10th percentile of the chunks' time per iteration
   (those no process was preempted in, on a loaded machine), Y a value all
   builds must agree on.  Built by tests/bench/request_overhead.py with and without the
   runtime.  */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef COUNT
#define COUNT 8
#endif
#ifndef CELLS
#define CELLS 256
#endif
#define WARMUP 200
#define CHUNK 500

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  int rank, size, left, right, it, i, iterations = argc > 1 ? atoi(argv[1]) : 20000;
  static double u[CELLS + 2 * COUNT], v[CELLS + 2 * COUNT];
  double start = 0, chunk_start = 0, elapsed, slowest, sum = 0, total = 0;
  double *chunks, *slowest_chunks;
  int nchunks, chunk = 0;
  MPI_Request halo[4];
  MPI_Status statuses[4];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  iterations = iterations < CHUNK ? CHUNK : iterations / CHUNK * CHUNK;
  nchunks = iterations / CHUNK;
  chunks = calloc(nchunks, sizeof *chunks);
  slowest_chunks = calloc(nchunks, sizeof *slowest_chunks);
  left = (rank + size - 1) % size;
  right = (rank + 1) % size;
  for (i = 0; i < CELLS + 2 * COUNT; i++)
    u[i] = rank + i * 1e-3;
  for (it = 0; it < iterations + WARMUP; it++) {
    if (it == WARMUP) {
      MPI_Barrier(MPI_COMM_WORLD);
      start = chunk_start = MPI_Wtime();
    } else if (it > WARMUP && (it - WARMUP) % CHUNK == 0) {
      double now = MPI_Wtime();
      chunks[chunk++] = now - chunk_start;
      chunk_start = now;
    }
    MPI_Irecv(&u[0], COUNT, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[0]);
    MPI_Irecv(&u[CELLS + COUNT], COUNT, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[1]);
    MPI_Isend(&u[COUNT], COUNT, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
    MPI_Isend(&u[CELLS], COUNT, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &halo[3]);
#ifdef OVERLAP
    /* the interior while the requests are pending: it reads the send
       cells, which MPI allows; the cells next to the ghosts wait */
    for (i = COUNT + 1; i < CELLS + COUNT - 1; i++)
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    MPI_Waitall(4, halo, statuses);
    for (i = COUNT; i < CELLS + COUNT; i += CELLS - 1)
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
#else
    MPI_Waitall(4, halo, statuses);
    for (i = COUNT; i < CELLS + COUNT; i++)
      v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
#endif
    for (i = COUNT; i < CELLS + COUNT; i++)
      u[i] = v[i];
  }
  elapsed = MPI_Wtime() - start;
  chunks[chunk++] = MPI_Wtime() - chunk_start;
  MPI_Reduce(chunks, slowest_chunks, nchunks, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  for (i = COUNT; i < CELLS + COUNT; i++)
    sum += u[i];
  MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(slowest_chunks, nchunks, sizeof *slowest_chunks, by_value);
    printf("us_per_iteration %.4f fastest10 %.4f checksum %.10e\n",
           slowest / iterations * 1e6, slowest_chunks[nchunks / 10] / CHUNK * 1e6, total);
  }
  free(chunks);
  free(slowest_chunks);
  MPI_Finalize();
  return 0;
}
