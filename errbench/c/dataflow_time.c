/* Value flow, sources: the clocks (time, MPI_Wtime).
 *
 * What is wrong: processes read their clocks at slightly different
 * moments; a decision on the time (here: "checkpoint when the elapsed time
 * passes a threshold") can be taken by some processes only, and the
 * barrier of the checkpoint then mismatches.  Both tests are blamed.  With
 * one process it runs.
 *
 * description: value flow: time() and MPI_Wtime() guard collectives: warnings
 * expect-warning: 31 collective-mismatch
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 30
 * expect-conditional: 32
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <time.h>

int main(int argc, char **argv)
{
  double start, elapsed;
  time_t now;
  int one = 1, total = 0;

  MPI_Init(&argc, &argv);
  start = MPI_Wtime();
  MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  elapsed = MPI_Wtime() - start;
  now = time(NULL);
  if (elapsed > 3600.0)
    MPI_Barrier(MPI_COMM_WORLD); /* BUG: the clocks differ */
  if (now % 2 == 0)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* BUG */
  MPI_Finalize();
  return 0;
}
