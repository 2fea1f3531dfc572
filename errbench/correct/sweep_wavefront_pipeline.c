/* A Sweep3D-like wavefront (pure MPI, C): the processes form a line; each
 * sweep goes downstream block by block (`if (rank > 0) MPI_Recv' the
 * incoming angular flux, compute, `if (rank < size - 1) MPI_Send' the
 * outgoing one), then back upstream with the roles swapped; source
 * iterations repeat the two sweeps until every process agrees the scalar
 * flux converged (MPI_Allreduce with MPI_LAND of the local tests), with a
 * cap on the iterations, and the balance (sum of the flux) is reduced for
 * rank 0 to print.  The pipeline's conditionals guard point-to-point calls
 * only.  Nothing to warn, nothing to stop.
 *
 * description: Sweep3D-like wavefront: rank-guarded Recv/compute/Send pipelines downstream and upstream, source iterations until an MPI_LAND-agreed convergence, MPI_Reduce of the balance
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 1 ok
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define CELLS 32
#define BLOCKS 4            /* pipelined blocks of angles per sweep */
#define ANGLES_PER_BLOCK 3

static const double sigma_total = 1.0, sigma_scatter = 0.5, width = 0.1;

/* One direction of a sweep over the local cells for one block of angles:
 * `incoming' is the flux entering this process's first cell, `phi_new'
 * accumulates the scalar flux. */
static void sweep_cells(const double *source, double *phi_new, double *incoming, int downstream,
                        int block)
{
  for (int a = 0; a < ANGLES_PER_BLOCK; a++) {
    double mu = (block * ANGLES_PER_BLOCK + a + 0.5) / (BLOCKS * ANGLES_PER_BLOCK);
    double weight = 0.5 / (BLOCKS * ANGLES_PER_BLOCK);
    double psi = incoming[a];
    for (int step = 0; step < CELLS; step++) {
      int c = downstream ? step : CELLS - 1 - step;
      double tau = sigma_total * width / mu;
      double psi_out = (psi * (1.0 - 0.5 * tau) + source[c] * width / mu) / (1.0 + 0.5 * tau);
      phi_new[c] += weight * 0.5 * (psi + psi_out);
      psi = psi_out;
    }
    incoming[a] = psi;   /* now the outgoing flux */
  }
}

static void sweep(int rank, int size, const double *source, double *phi_new, int downstream)
{
  int from = downstream ? rank - 1 : rank + 1, to = downstream ? rank + 1 : rank - 1;
  int has_from = downstream ? rank > 0 : rank < size - 1;
  int has_to = downstream ? rank < size - 1 : rank > 0;
  for (int block = 0; block < BLOCKS; block++) {
    double flux[ANGLES_PER_BLOCK] = {0.0};   /* vacuum at the domain's edges */
    if (has_from)
      MPI_Recv(flux, ANGLES_PER_BLOCK, MPI_DOUBLE, from, block, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
    sweep_cells(source, phi_new, flux, downstream, block);
    if (has_to)
      MPI_Send(flux, ANGLES_PER_BLOCK, MPI_DOUBLE, to, block, MPI_COMM_WORLD);
  }
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  double phi[CELLS], phi_new[CELLS], source[CELLS], external[CELLS];
  for (int c = 0; c < CELLS; c++) {
    int global = rank * CELLS + c;
    external[c] = (global % 16 < 8) ? 1.0 : 0.0;
    phi[c] = 0.0;
  }

  const double tolerance = 1e-8;
  const int max_iterations = 200;
  int iteration = 0, converged = 0;
  while (!converged && iteration < max_iterations) {
    for (int c = 0; c < CELLS; c++) {
      source[c] = 0.5 * (external[c] + sigma_scatter * phi[c]);
      phi_new[c] = 0.0;
    }
    sweep(rank, size, source, phi_new, 1);
    sweep(rank, size, source, phi_new, 0);
    int local_converged = 1;
    for (int c = 0; c < CELLS; c++) {
      if (fabs(phi_new[c] - phi[c]) > tolerance * fabs(phi_new[c]))
        local_converged = 0;
      phi[c] = phi_new[c];
    }
    MPI_Allreduce(&local_converged, &converged, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    iteration++;
  }
  if (!converged)
    MPI_Abort(MPI_COMM_WORLD, 1);

  double local_sum = 0.0, total = 0.0;
  for (int c = 0; c < CELLS; c++)
    local_sum += phi[c] * width;
  MPI_Reduce(&local_sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("converged after %d source iterations, integrated flux %.6f\n", iteration, total);
  MPI_Finalize();
  return 0;
}
