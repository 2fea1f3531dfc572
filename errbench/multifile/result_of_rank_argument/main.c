#include <mpi.h>
#include <stdio.h>

int shifted(int value, int by);
int read_through(const int *value);

int main(int argc, char **argv) {
  int rank, steps = 2;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int s = 0; s < shifted(steps, 1); s++)
    MPI_Barrier(MPI_COMM_WORLD);
  if (shifted(rank, -1) < 0)
    MPI_Barrier(MPI_COMM_WORLD);
  if (read_through(&rank) == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("done\n");
  MPI_Finalize();
  return 0;
}
