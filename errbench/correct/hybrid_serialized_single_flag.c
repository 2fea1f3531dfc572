/* Hybrid MPI+OpenMP relaxation with MPI_THREAD_SERIALIZED: one parallel
 * region around the whole iteration loop; each iteration the team
 * computes the largest change with `omp for reduction(max:)' into a shared
 * variable that an `omp single' zeroed, then one thread (`omp single',
 * whichever arrives first) reduces it over the processes, counts the
 * iteration and sets the shared `done' flag; the single's implied barrier
 * keeps every thread from reading the flag before it is set, so the whole
 * team leaves the loop together, after the same number of iterations on
 * every process.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED, whole loop in one region, omp for reduction(max) into a shared variable, MPI_Allreduce in omp single setting a shared done flag read at the loop head
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run: 2 ok threads=1
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

#define N 4096
#define MAXIT 200

static double a[N], b[N];

int main(int argc, char **argv)
{
  int provided, rank, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    fprintf(stderr, "MPI does not provide SERIALIZED\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    a[i] = (i % 7) * (1.0 + rank);
  double err = 1.0, local = 0.0;
  int done = 0, it = 0;
#pragma omp parallel default(shared)
  {
    while (!done) {
#pragma omp single
      local = 0.0;
#pragma omp for reduction(max : local)
      for (int i = 1; i < N - 1; i++) {
        b[i] = 0.5 * (a[i - 1] + a[i + 1]);
        double d = b[i] > a[i] ? b[i] - a[i] : a[i] - b[i];
        if (d > local)
          local = d;
      }
#pragma omp single
      {
        MPI_Allreduce(&local, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        it++;
        done = err < 1e-2 || it >= MAXIT;
      }
#pragma omp for
      for (int i = 1; i < N - 1; i++)
        a[i] = b[i];
    }
  }
  int most = 0;
  MPI_Allreduce(&it, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d iterations, change %.3e, %d threads\n", it, err, omp_get_max_threads());
  MPI_Finalize();
  return most == it ? 0 : 3;
}
