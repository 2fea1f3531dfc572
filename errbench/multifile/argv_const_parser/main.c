#include <mpi.h>
#include <stdio.h>

int steps_from(const char *text);
int verbose_requested(const char *program);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int steps = steps_from(argc > 1 ? argv[1] : NULL);
  for (int s = 0; s < steps; s++)
    MPI_Barrier(MPI_COMM_WORLD);
  if (verbose_requested(argv[0]))
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("%d steps\n", steps);
  MPI_Finalize();
  return 0;
}
