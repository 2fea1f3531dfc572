/* A particle code's driver: the parameter table and the per-process
   particle counts live in heap blocks that the helpers of setup.c fill. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

void read_parameters(MPI_Comm comm, int *params, int n);
void count_all(MPI_Comm comm, int local, int *counts);

int main(int argc, char **argv)
{
  int rank, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int *params = malloc(3 * sizeof(int));
  int *counts = calloc(nprocs, sizeof(int));
  read_parameters(MPI_COMM_WORLD, params, 3);
  double energy = 1.0;
  for (int step = 0; step < params[0]; step++) {
    double local = energy / (step + rank + 2), total;
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    energy = total;
  }
  count_all(MPI_COMM_WORLD, 100 + rank * params[1], counts);
  int most = counts[0];
  for (int p = 1; p < nprocs; p++)
    if (counts[p] > most)
      most = counts[p];
  if (most > counts[0] + params[2]) /* unbalanced: rebalance */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("energy %g, most %d\n", energy, most);
  free(counts);
  free(params);
  MPI_Finalize();
  return 0;
}
