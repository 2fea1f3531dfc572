/* SERIALIZED: monothreaded regions without implicit barriers, ordered by
 * explicit ones: a `single nowait' reduces, an explicit barrier follows,
 * then a `master' region (the primary thread) broadcasts, another barrier,
 * then a second `single nowait' gathers before the region's end (an
 * implicit barrier).  Different threads may run the three regions, but
 * never at the same time, and each process issues the collectives in the
 * same order.  Nothing to warn, nothing to stop.
 *
 * description: SERIALIZED: single nowait, master and single nowait with collectives, separated by explicit barriers
 * compile-flags: -fopenmp
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=3
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=4
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int provided, rank, size, sum = 0, root_value = 0;
  int *gathered;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  gathered = malloc(size * sizeof *gathered);

  for (int round = 0; round < 4; round++) {
#pragma omp parallel
    {
#pragma omp single nowait
      MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma omp barrier
#pragma omp master
      {
        root_value = rank == 0 ? 100 + round : -1;
        MPI_Bcast(&root_value, 1, MPI_INT, 0, MPI_COMM_WORLD);
      }
#pragma omp barrier
#pragma omp single nowait
      MPI_Allgather(&root_value, 1, MPI_INT, gathered, 1, MPI_INT, MPI_COMM_WORLD);
    }
    for (int p = 0; p < size; p++)
      if (gathered[p] != 100 + round)
        MPI_Abort(MPI_COMM_WORLD, 3);
    if (sum != size * (size - 1) / 2)
      MPI_Abort(MPI_COMM_WORLD, 3);
  }
  free(gathered);
  MPI_Finalize();
  return 0;
}
