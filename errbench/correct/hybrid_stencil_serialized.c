/* A 2-D Jacobi stencil, MPI_THREAD_SERIALIZED, in the style of hybrid
 * mini-apps: rows distributed by blocks; in one parallel region per sweep
 * block, a `single' exchanges the halo rows (non-blocking point-to-point
 * completed by MPI_Waitall), the `omp for' updates the interior, and a
 * second `single' reduces the residual every CHECK_EVERY sweeps (a test on
 * the constant-trip loop index, the same in every process).  The implicit
 * barriers of single and for order every MPI call.  Nothing to warn,
 * nothing to stop; the residual must fall.
 *
 * description: hybrid 2-D Jacobi stencil: halos in single, omp for sweep, residual allreduce in single every few sweeps
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 128
#define LOCAL_ROWS 32
#define SWEEPS 40
#define CHECK_EVERY 10

static double grid[2][LOCAL_ROWS + 2][NX];

int main(int argc, char **argv)
{
  int provided, rank, size, up, down;
  double residual = 0.0, first_residual = -1.0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int i = 0; i < LOCAL_ROWS + 2; i++)
    for (int j = 0; j < NX; j++)
      grid[0][i][j] = grid[1][i][j] = (j == 0 || (rank == 0 && i == 1)) ? 1.0 : 0.0;

#pragma omp parallel
  {
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
      int cur = sweep % 2, nxt = 1 - cur;
#pragma omp single
      {
        MPI_Request requests[4];
        MPI_Irecv(grid[cur][0], NX, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(grid[cur][LOCAL_ROWS + 1], NX, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Isend(grid[cur][LOCAL_ROWS], NX, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &requests[2]);
        MPI_Isend(grid[cur][1], NX, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &requests[3]);
        MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
        residual = 0.0;
      }
#pragma omp for reduction(+ : residual)
      for (int i = 1; i <= LOCAL_ROWS; i++) {
        for (int j = 1; j < NX - 1; j++) {
          double v = 0.25 * (grid[cur][i - 1][j] + grid[cur][i + 1][j] + grid[cur][i][j - 1] +
                             grid[cur][i][j + 1]);
          if (rank == 0 && i == 1)
            v = 1.0;   /* fixed boundary row */
          residual += (v - grid[cur][i][j]) * (v - grid[cur][i][j]);
          grid[nxt][i][j] = v;
        }
      }
      if ((sweep + 1) % CHECK_EVERY == 0) {
#pragma omp single
        {
          double global;
          MPI_Allreduce(&residual, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
          if (first_residual < 0)
            first_residual = global;
          residual = global;
        }
      }
    }
  }

  if (!(residual < first_residual)) {
    fprintf(stderr, "rank %d: residual %g did not fall below %g\n", rank, residual, first_residual);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
