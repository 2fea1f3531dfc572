/* Twin of correct/serial_fast_path_reductions.c with a bug: global_max
 * asks the size of MPI_COMM_SELF instead of MPI_COMM_WORLD, which is 1 on
 * every process, so it always takes the serial fast path and returns the
 * local residual.  Each process leaves the residual loop after its own
 * number of sweeps, and the barriers of the loop (and global_sum's
 * reductions) no longer match.  A test of MPI_COMM_SELF's size proves
 * nothing about the job: warned, and stopped.
 *
 * description: twin of correct/serial_fast_path_reductions.c: the fast path tests the size of MPI_COMM_SELF (always 1), so the loop count differs between processes
 * expect-warning: 60 collective-mismatch
 * expect-warning: 64 collective-mismatch
 * expect-conditional: 60
 * expect-conditional: 63
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

double global_max(double local) {
  int nprocs;
  double g;
  MPI_Comm_size(MPI_COMM_SELF, &nprocs); /* the bug: always 1 */
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
