/* Correct: the thread level MPI_Init_thread grants, compared before
 * collectives.  Every process requests the same level (a constant), and
 * gets the same one: the level is a property of the MPI library the job
 * runs.  So `if (provided < required)' (a message, no collective) and
 * `if (provided != MPI_THREAD_MULTIPLE) { MPI_Finalize(); return 0; }'
 * (every process leaves, or none) are the same on every process.  A helper
 * that returns the level it was given passes the proof on.  No warning, no
 * run-time check.
 *
 * description: `provided' of MPI_Init_thread for one literal `required', compared before collectives: silent, runs fine
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int start(int *argc, char ***argv, int required)
{
  int provided;
  MPI_Init_thread(argc, argv, required, &provided);
  return provided;
}

int main(int argc, char **argv)
{
  const int required = MPI_THREAD_FUNNELED;
  int provided = start(&argc, &argv, required), rank;

  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (provided < required)
    printf("rank %d: thread level %d only\n", rank, provided);
  MPI_Barrier(MPI_COMM_WORLD);
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    return 0;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
