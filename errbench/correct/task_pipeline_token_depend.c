/* Task-based pipeline, MPI_THREAD_SERIALIZED (issue 14).  One thread
 * (single) creates, for every iteration, a compute task on one of two
 * buffers and a communication task (ring MPI_Sendrecv, then
 * MPI_Allreduce) that depends on the buffer and on a token, so that the
 * communication tasks run one after the other in iteration order on every
 * process while the next compute task overlaps.  taskwait before the
 * creator's MPI_Reduce; then a taskgroup of tasks chained on the token,
 * each broadcasting and reducing (the thread running a task is only
 * counted), and MPI_Barrier after it.  One thread at a time in MPI, the
 * same order everywhere.  The result is checked against a serial sum.
 *
 * description: task pipeline: per-iteration compute task and communication task chained by depend(inout: token), taskwait, taskgroup of chained collective tasks
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=4
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 12
#define LEN 256

static double buf[2][LEN];
static double sums[ITERS];

static void compute(double *b, int k, int rank)
{
  for (int i = 0; i < LEN; i++)
    b[i] = (double)((k + 1) * (i + rank + 1) % 11);
}

static void communicate(double *b, int k, int rank, int size, double *out)
{
  double mine = 0.0, got = 0.0;
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  for (int i = 0; i < LEN; i++)
    mine += b[i];
  MPI_Sendrecv(&mine, 1, MPI_DOUBLE, next, k, &got, 1, MPI_DOUBLE, prev, k,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  mine += got;
  MPI_Allreduce(&mine, out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int provided, rank, size, token = 0, used_threads = 0;
  double total = 0.0, grand = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel shared(token, total, used_threads)
  {
#pragma omp single
    {
      for (int k = 0; k < ITERS; k++) {
        double *b = buf[k % 2];
#pragma omp task depend(out : b[0]) firstprivate(b, k)
        compute(b, k, rank);
#pragma omp task depend(in : b[0]) depend(inout : token) firstprivate(b, k)
        {
          communicate(b, k, rank, size, &sums[k]);
          token++;
        }
      }
#pragma omp taskwait
      for (int k = 0; k < ITERS; k++)
        total += sums[k];
      MPI_Reduce(&total, &grand, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

#pragma omp taskgroup
      {
        for (int k = 0; k < 4; k++) {
#pragma omp task depend(inout : token) firstprivate(k)
          {
            double v = k, w = 0.0;
            MPI_Bcast(&v, 1, MPI_DOUBLE, k % size, MPI_COMM_WORLD);
            MPI_Allreduce(&v, &w, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (omp_get_thread_num() != 0) {
#pragma omp atomic
              used_threads++;
            }
            token++;
          }
        }
      }
      MPI_Barrier(MPI_COMM_WORLD);
    }
  }
  if (rank == 0) {
    double expected = 0.0;
    for (int k = 0; k < ITERS; k++)
      for (int r = 0; r < size; r++)
        for (int i = 0; i < LEN; i++)
          expected += 2.0 * ((k + 1) * (i + r + 1) % 11);
    printf("pipeline: %g (%d tasks off the master)\n", grand, used_threads);
    if (grand != size * expected)
      MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
