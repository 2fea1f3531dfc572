/* The erroneous twin of correct/split_colour_tests.c: the same splits,
 * with tests the colour does not decide for the communicator used.
 *
 * What is wrong: `colour == 0' is tested before MPI_Barrier on
 * MPI_COMM_WORLD (line 37), of which the odd ranks are members too; rank 0
 * alone calls the MPI_Allreduce of line 39 on `parity', which the other
 * even ranks skip; the colour is changed after the split before the test
 * of line 41 (rank 2 now passes it and rank 0 does not); the loop of
 * line 49 under `active' runs `rank + 1' times on each worker.  Every
 * conditional is blamed; the run-time check stops the program at the
 * first disagreement.
 *
 * description: twin of correct/split_colour_tests.c: colour tests before a collective on another communicator, a rank test, a changed colour, a rank-bounded loop: warned, stops
 * expect-warning: 37 collective-mismatch
 * expect-warning: 39 collective-mismatch
 * expect-warning: 42 collective-mismatch
 * expect-warning: 50 collective-mismatch
 * expect-conditional: 36
 * expect-conditional: 38
 * expect-conditional: 41
 * expect-conditional: 49
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, colour, value = 1;
  MPI_Comm parity, workers;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  colour = rank % 2;
  MPI_Comm_split(MPI_COMM_WORLD, colour, rank, &parity);
  if (colour == 0) /* BUG: the odd ranks are members of MPI_COMM_WORLD too */
    MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) /* BUG: the other even ranks skip it */
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT, MPI_SUM, parity);
  colour = rank == 2 ? 0 : 1;
  if (colour == 0) /* BUG: no longer the colour of the split */
    MPI_Bcast(&value, 1, MPI_INT, 0, parity);
  MPI_Comm_free(&parity);

  int active = rank < 2;
  int worker_colour = active ? 1 : MPI_UNDEFINED;
  MPI_Comm_split(MPI_COMM_WORLD, worker_colour, rank, &workers);
  if (active) {
    for (int step = 0; step <= rank; step++) /* BUG: rank + 1 times */
      MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_INT, MPI_MAX, workers);
    MPI_Comm_free(&workers);
  }
  MPI_Finalize();
  return 0;
}
