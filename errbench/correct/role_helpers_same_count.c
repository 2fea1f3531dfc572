/* A master/worker setup in the style of parameter-study codes: the root
 * side and the receiving side of the parameter broadcast are two helpers,
 * called on either side of `if (rank == 0)'.  Each runs one MPI_Bcast of
 * its `n' doubles from rank 0, and both calls pass the literal 3 (the
 * number of parameters).  Then the tolerances: rank 0 reads them and
 * shares them with share_params, the others only call share_params,
 * both with the literal 2.  So every process broadcasts the same count,
 * whichever branch called the helper.
 * Nothing to warn, nothing to stop.
 *
 * description: send/receive helpers of a parameter broadcast called on both sides of a rank test with the same literal count: the helpers' collective arguments the same everywhere: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
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
    share_params(tol, 2);
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
