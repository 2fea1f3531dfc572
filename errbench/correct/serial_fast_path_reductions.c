/* Reduction helpers of a Jacobi-style solver with a serial fast path, as
 * many applications write them: with one process in MPI_COMM_WORLD the
 * local value is the global one, so the helpers skip the collective.
 *   - each helper asks MPI_Comm_size of MPI_COMM_WORLD;
 *   - global_max: `if (nprocs > 1) MPI_Allreduce ... else g = local';
 *   - global_sum: `if (nprocs == 1) return local;' before the reduction;
 *   - the residual loop runs while global_max(res) > tol, with a
 *     global_sum in its body, and a barrier every tenth sweep.
 * In a run of several processes the fast paths never run, and with one
 * process nothing can differ: every result is the same on all processes.
 * Nothing to warn, nothing to stop.
 *
 * description: reduction helpers skipping the collective when MPI_COMM_WORLD has one process (else branch, early return), their results bounding a loop of collectives: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

double global_max(double local) {
  int nprocs;
  double g;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs > 1)
    MPI_Allreduce(&local, &g, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  else
    g = local;
  return g;
}

double global_sum(double local) {
  int nprocs;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (nprocs == 1)
    return local;
  double g;
  MPI_Allreduce(&local, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return g;
}

static void relax(double *u, int n, double *res) {
  double r = 0.0;
  for (int i = 1; i < n - 1; ++i) {
    double next = 0.5 * (u[i - 1] + u[i + 1]);
    double d = next > u[i] ? next - u[i] : u[i] - next;
    if (d > r)
      r = d;
    u[i] = next;
  }
  *res = r;
}

int main(int argc, char **argv) {
  int rank, sweeps = 0;
  double u[16], res = 1.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 16; ++i)
    u[i] = (i == 0 || i == 15) ? 0.0 : 1.0 + rank;
  while (global_max(res) > 1e-3) {
    relax(u, 16, &res);
    double mass = global_sum(u[8]);
    if (++sweeps % 10 == 0)
      MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && sweeps % 50 == 0)
      printf("sweep %d mass %g\n", sweeps, mass);
  }
  if (rank == 0)
    printf("%d sweeps\n", sweeps);
  MPI_Finalize();
  return 0;
}
