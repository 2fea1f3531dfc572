/* Nested parallelism done right: the single region of the outer team
 * creates an inner team whose master calls MPI_Allreduce (word PSPM): one
 * thread of the process calls it, but not necessarily the main one, so
 * MPI_THREAD_SERIALIZED is needed, which the program asks for: no
 * warning.  The inner team's barrier does not order anything of the outer
 * team, and nothing needs it here: clean runs, nested parallelism on.
 *
 * description: nested parallel region inside a single, collective in the inner master (PSPM)
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
  int provided, in = 1, out = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  omp_set_max_active_levels(2);
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp parallel num_threads(2)
      {
#pragma omp barrier
#pragma omp master
        MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
      }
    }
  }
  MPI_Finalize();
  return out == 2 ? 0 : 1;
}
