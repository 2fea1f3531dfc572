/* Rank 0 alone runs collectives on MPI_COMM_SELF: a reduction and a
 * broadcast of its local statistics (as a library would, given a
 * communicator), and a barrier, under `if (rank == 0)'.  MPI_COMM_SELF
 * holds the calling process alone, so no other process is left out:
 * correct, no warning, no stop.  Then every process calls the same
 * reduction on MPI_COMM_WORLD.
 *
 * description: collectives on MPI_COMM_SELF under `if (rank == 0)': its communicator holds the calling process alone
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

static double local_stats(MPI_Comm comm, const double *values, int n) {
  double sum = 0.0, total = 0.0;
  for (int i = 0; i < n; ++i)
    sum += values[i];
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, comm);
  return total;
}

int main(int argc, char **argv) {
  int rank;
  double values[4] = {1, 2, 3, 4}, report = 0.0, global = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Allreduce(&values[0], &report, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_SELF);
    MPI_Bcast(&report, 1, MPI_DOUBLE, 0, MPI_COMM_SELF);
    MPI_Barrier(MPI_COMM_SELF);
    printf("rank 0 report %g\n", report);
  }
  double mine = local_stats(MPI_COMM_WORLD, values, 4);
  MPI_Allreduce(&mine, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("global %g\n", global);
  MPI_Finalize();
  return 0;
}
