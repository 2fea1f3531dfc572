/* A constant assigned under a condition on the rank: which constant a
 * process holds depends on the rank (control dependence).  The same under
 * a condition on the size does not. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, mode, phase;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank % 2 == 0) /* value-flow: rank */
    mode = 1;
  else
    mode = 2;
  if (mode == 1) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  if (size % 2 == 0) /* value-flow: uniform */
    phase = 1;
  else
    phase = 2;
  if (phase == 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
