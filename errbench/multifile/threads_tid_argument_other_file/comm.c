/* The communication helper of main.c's threads: thread 0 alone reduces
   (MPI_THREAD_FUNNELED allows the main thread only). */
#include <mpi.h>

void comm_step(int tid, const double *partial, double *total) {
  if (tid == 0)
    MPI_Allreduce(partial, total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
