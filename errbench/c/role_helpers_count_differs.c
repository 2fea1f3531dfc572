/* Twin of correct/role_helpers_same_count.c with a bug: the workers call
 * share_params with 1 while rank 0 calls it with 2, so the two sides of
 * the broadcast of the tolerances disagree on its count (MPI requires the
 * same type signature on every process; the implementations need not
 * detect it).  Warned at the helper's broadcast, stopped by the run-time
 * argument check.
 *
 * description: twin of correct/role_helpers_same_count.c: one broadcast helper called on both sides of a rank test with different literal counts
 * expect-warning: 34 collective-arguments
 * expect-stop-message: different data sizes
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static void send_params(const double *params, int n) {
  double copy[16];
  for (int i = 0; i < n && i < 16; ++i)
    copy[i] = params[i];
  MPI_Bcast(copy, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

static void recv_params(double *params, int n) {
  MPI_Bcast(params, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

static void read_tolerances(double *tol) {
  tol[0] = 1e-8;
  tol[1] = 1e-6;
}

static void share_params(double *params, int n) {
  MPI_Bcast(params, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

static double gather_results(double local, double *all, int n, int root_side) {
  double sum = 0.0;
  if (root_side) {
    MPI_Gather(&local, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int i = 0; i < n; ++i)
      sum += all[i];
  } else {
    MPI_Gather(&local, 1, MPI_DOUBLE, NULL, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  }
  return sum;
}

int main(int argc, char **argv) {
  int rank, size;
  double params[3] = {0.5, 2.0, 1e-6}, tol[2], all[64];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > 64)
    MPI_Abort(MPI_COMM_WORLD, 1);
  if (rank == 0)
    send_params(params, 3);
  else
    recv_params(params, 3);
  if (rank == 0) {
    read_tolerances(tol);
    share_params(tol, 2);
  } else {
    share_params(tol, 1); /* the bug: the workers expect one tolerance */
  }
  double local = params[0] * rank + params[1] + tol[0];
  double total;
  if (rank == 0)
    total = gather_results(local, all, size, 1);
  else
    total = gather_results(local, NULL, size, 0);
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
