/* Calls step (step.c) with a constant: the same on every process. */
#include <mpi.h>
void step(MPI_Comm comm, int n);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  step(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
