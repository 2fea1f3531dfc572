/* Pure MPI: tests of the colour given to MPI_Comm_split before the
 * collectives of the communicator it made.  Every member of a communicator
 * MPI_Comm_split makes passed the same colour (MPI 4.0, section 7.4.2), so
 * a test of that colour goes the same way on all of them: the even ranks
 * reduce on their communicator while the odd ones broadcast on theirs, and
 * the communicators differ.  In the same way a flag that chose between two
 * colours (`active ? 1 : MPI_UNDEFINED', NAS-MZ style, here in C) sends
 * away only processes that got MPI_COMM_NULL; the loop under it, bounded
 * by a value broadcast on the sub-communicator, runs as often on every
 * member.  Every process meets again for the final MPI_Barrier on
 * MPI_COMM_WORLD.  Nothing to warn, nothing to stop.
 *
 * description: pure MPI: if (colour == 0) on the colour passed to MPI_Comm_split, a flag that chose the colour (MPI_UNDEFINED), then sub-communicator collectives
 * expect-run: 1 ok
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, colour, value, sum;
  MPI_Comm parity, workers;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  colour = rank % 2;
  MPI_Comm_split(MPI_COMM_WORLD, colour, rank, &parity);
  value = rank;
  if (colour == 0) {
    MPI_Allreduce(&value, &sum, 1, MPI_INT, MPI_SUM, parity);
  } else {
    sum = 7;
    MPI_Bcast(&sum, 1, MPI_INT, 0, parity);
  }
  int even_sum = 0;
  for (int r = 0; r < size; r += 2)
    even_sum += r;
  if ((colour == 0 && sum != even_sum) || (colour == 1 && sum != 7)) {
    fprintf(stderr, "rank %d: sum %d\n", rank, sum);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Comm_free(&parity);

  /* at most two workers; the others are not members of `workers' */
  int active = rank < 2;
  int worker_colour = active ? 1 : MPI_UNDEFINED;
  MPI_Comm_split(MPI_COMM_WORLD, worker_colour, rank, &workers);
  if (active) {
    int steps = 0, total = 0;
    if (rank == 0)
      steps = 3;
    MPI_Bcast(&steps, 1, MPI_INT, 0, workers);
    for (int step = 0; step < steps; step++) {
      int mine = step + rank, got;
      MPI_Allreduce(&mine, &got, 1, MPI_INT, MPI_MAX, workers);
      total += got;
    }
    /* the larger worker rank (1, or 0 alone) plus the step, summed */
    int nworkers, expected;
    MPI_Comm_size(workers, &nworkers);
    expected = 3 * (nworkers - 1) + 0 + 1 + 2;
    if (total != expected) {
      fprintf(stderr, "rank %d: total %d, expected %d\n", rank, total, expected);
      MPI_Abort(MPI_COMM_WORLD, 4);
    }
    MPI_Comm_free(&workers);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
