/* compile-flags: -fopenmp
 * Inside a parallel region, the thread number differs between the
 * threads of a team but not between processes; a value every thread
 * computes from the size is the same everywhere. */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv) {
  int provided, size;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    int half = size / 2;
    if (me == 0) /* value-flow: uniform, threads differ */
      half = half + 1;
    if (size > 1) /* value-flow: uniform, threads same */
      half = half + 2;
#pragma omp barrier
    if (half > 3) /* value-flow: uniform, threads differ */
      me = me + 1;
  }
  MPI_Finalize();
  return 0;
}
