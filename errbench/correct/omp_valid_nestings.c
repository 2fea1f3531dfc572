/* Nestings OpenMP 5.1 allows (section 17.1 lists the restrictions; none
 * applies here), in a FUNNELED hybrid program: a `masked' region inside a
 * `masked' region (both filter thread 0, so only the primary thread, which
 * is the main thread, runs the inner one and its MPI_Allreduce); a
 * `target' region inside a task (executed on the host when no device is
 * there); then sections with a reduction.  None of them is a nesting
 * error.  Nothing to warn, nothing to stop.  (GCC 11 ignores `masked',
 * which would make every thread call MPI: GCC 12 at least.)
 *
 * description: FUNNELED: masked inside masked with a collective, target inside task: valid nestings
 * requires-gcc: 12
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int provided, rank, size;
  double local = 0.0, global = 0.0;
  int offloaded = 0, sections_done = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

#pragma omp parallel
  {
#pragma omp for reduction(+ : local)
    for (int i = 0; i < 100; i++)
      local += rank + 1;

#pragma omp masked
    {
      local *= 2.0;
#pragma omp masked filter(0)
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
#pragma omp barrier

#pragma omp single
    {
#pragma omp task shared(offloaded)
      {
        int value = 0;
#pragma omp target map(tofrom : value)
        value = 7;
        offloaded = value;
      }
    }

#pragma omp sections reduction(+ : sections_done)
    {
#pragma omp section
      sections_done += 1;
#pragma omp section
      sections_done += 1;
    }
  }

  if (global != 200.0 * size * (size + 1) / 2.0 || offloaded != 7 || sections_done != 2) {
    fprintf(stderr, "rank %d: %g %d %d\n", rank, global, offloaded, sections_done);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
