/* FUNNELED stencil code whose build configuration sizes the teams of
 * its communication phases: this configuration funnels the halo
 * exchange through a team of one thread (`num_threads(HALO_THREADS)',
 * HALO_THREADS 1) and runs its diagnostics without threads (`if
 * (THREADED_DIAGNOSTICS)', 0).  A team of one thread has the encountering
 * thread, here the main one, as its only thread and master (OpenMP 5.2,
 * 10.1.1: num_threads(1) or a false if clause give a team of one), so
 * its MPI calls, collectives included, are the main thread's, one at a
 * time.  The compute phase uses the whole team.  Nothing to warn,
 * nothing to stop.
 *
 * description: FUNNELED: halo Sendrecv and Allreduce in `parallel num_threads(1)', diagnostics Reduce in `parallel if(0)' (build-configuration macros)
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=3
 * expect-run: 3 ok threads=2
 * expect-run: 1 ok threads=1
 */
#include <mpi.h>
#include <stdio.h>

#define HALO_THREADS 1
#define THREADED_DIAGNOSTICS 0
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
  double total = 0.0, peak = 0.0;
  for (int step = 0; step < 4; step++) {
#pragma omp parallel num_threads(HALO_THREADS) shared(total)
    {
      exchange_halo(left, right);
      double local = field[1] + field[N];
      MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
#pragma omp parallel for
    for (int i = 1; i <= N; i++)
      field[i] = 0.5 * field[i] + 0.25 * (field[i - 1] + field[i + 1]);
  }
#pragma omp parallel if (THREADED_DIAGNOSTICS) shared(peak)
  {
    double local = 0.0;
    for (int i = 1; i <= N; i++)
      local = field[i] > local ? field[i] : local;
    MPI_Reduce(&local, &peak, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  }
  if (rank == 0) {
    if (peak > size)
      MPI_Abort(MPI_COMM_WORLD, 3);
    printf("total %g peak %g\n", total, peak);
  }
  MPI_Finalize();
  return 0;
}
