/* Overlapped halo exchange in one parallel region, MPI_THREAD_SERIALIZED
 * (issue 14).  Part 1: the master posts MPI_Irecv/MPI_Isend of the ghost
 * cells, a barrier, the team sweeps the interior (`omp for nowait', which
 * reads the send buffers, never the receive buffers), the master completes
 * the requests with MPI_Waitall, a barrier, two sections update the
 * boundary cells.  Part 2: the same with `omp single' posting and
 * completing the requests, the interior `omp for nowait' with a
 * reduction, and an `omp single' MPI_Allreduce of the change every five
 * steps (the step test reads the private loop counter, the same in every
 * thread).  The requests live in a global array.  The smoothing keeps
 * every value in [0, 6].  Nothing to warn, nothing to stop.
 *
 * description: halo exchange with Isend/Irecv in master then single, barrier, omp for nowait interior, Waitall, sections boundaries, single allreduce every 5 steps
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 512
#define STEPS 20

static double u[N + 2], unew[N + 2];
static MPI_Request req[4];

int main(int argc, char **argv)
{
  int provided, rank, size, left, right, step;
  double residual = 0.0, local = 0.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int i = 0; i < N + 2; i++)
    u[i] = (rank * N + i) % 7;

#pragma omp parallel shared(local, residual)
  {
    for (int s = 0; s < STEPS; s++) {
#pragma omp master
      {
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &req[3]);
      }
#pragma omp barrier
#pragma omp for nowait
      for (int i = 2; i < N; i++)
        unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
#pragma omp master
      MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
#pragma omp barrier
#pragma omp sections
      {
#pragma omp section
        unew[1] = 0.5 * u[1] + 0.25 * (u[0] + u[2]);
#pragma omp section
        unew[N] = 0.5 * u[N] + 0.25 * (u[N - 1] + u[N + 1]);
      }
#pragma omp for
      for (int i = 1; i <= N; i++)
        u[i] = unew[i];
    }
  }

#pragma omp parallel shared(local, residual) private(step)
  {
    for (step = 0; step < STEPS; step++) {
#pragma omp single
      {
        MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 3, MPI_COMM_WORLD, &req[1]);
        MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &req[2]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 3, MPI_COMM_WORLD, &req[3]);
      }
#pragma omp for nowait reduction(+ : local)
      for (int i = 2; i < N; i++) {
        unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
        local += fabs(unew[i] - u[i]);
      }
#pragma omp single
      MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
#pragma omp single
      {
        unew[1] = 0.5 * u[1] + 0.25 * (u[0] + u[2]);
        unew[N] = 0.5 * u[N] + 0.25 * (u[N - 1] + u[N + 1]);
      }
#pragma omp for
      for (int i = 1; i <= N; i++)
        u[i] = unew[i];
      if (step % 5 == 4) {
#pragma omp single
        {
          MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
          local = 0.0;
        }
      }
    }
  }
  if (rank == 0)
    printf("halo: residual %g\n", residual);
  if (!(residual >= 0.0) || !isfinite(residual))
    MPI_Abort(MPI_COMM_WORLD, 3);
  for (int i = 1; i <= N; i++)
    if (u[i] < 0.0 || u[i] > 6.0)
      MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
