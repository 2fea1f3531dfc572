/* Erroneous twin of correct/hybrid_config_team_of_one.c: this build
 * configuration sizes the halo team with two threads (HALO_THREADS 2),
 * so both threads of the team call MPI_Allreduce on MPI_COMM_WORLD at
 * once (erroneous at every thread level) and the point-to-point calls of
 * the helper come from a thread other than the main one under FUNNELED.
 * Warned at the collective, at the helper's call and at the level
 * request; the run stops at the collective (before the helper's calls,
 * which two threads at once may crash the MPI library with).
 *
 * description: FUNNELED: halo Sendrecv and Allreduce in `parallel num_threads(2)': two threads in one collective
 * compile-flags: -fopenmp
 * expect-warning: 47 thread-level
 * expect-warning: 48 thread-level
 * expect-warning: 34 thread-level
 * expect-run: 2 stop threads=2
 */
#include <mpi.h>
#include <stdio.h>

#define HALO_THREADS 2
#define N 256

static double field[N + 2];

static void exchange_halo(int left, int right) {
  MPI_Sendrecv(&field[1], 1, MPI_DOUBLE, left, 0, &field[N + 1], 1, MPI_DOUBLE, right, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&field[N], 1, MPI_DOUBLE, right, 1, &field[0], 1, MPI_DOUBLE, left, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (int i = 0; i < N + 2; i++)
    field[i] = rank;
  double total = 0.0;
#pragma omp parallel num_threads(HALO_THREADS) shared(total)
  {
    double local = field[1] + field[N];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    exchange_halo(left, right);
  }
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}
