/* A flag chose between two colours of MPI_Comm_split (`if (active)
 * colour = 1; else colour = MPI_UNDEFINED'), but the test before the
 * collective on the communicator made asks another question of it.
 *
 * What is wrong: `active' holds the rank, so every process but rank 0
 * passed colour 1 and is a member of `workers'; the test `active == 2' at
 * line 29 lets rank 2 alone into the MPI_Barrier of line 30, which ranks
 * 1 and 3 skip.  Only a test the colour was chosen by (`if (active)', its
 * negation) goes the same way on every member.  Warned; the run-time
 * check stops the program.
 *
 * description: a colour chosen by if (active), then if (active == 2) before a collective on the split communicator: warned, stops
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 29
 * expect-run: 4 stop
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, colour, active;
  MPI_Comm workers;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  active = rank;
  colour = active ? 1 : MPI_UNDEFINED;
  MPI_Comm_split(MPI_COMM_WORLD, colour, rank, &workers);
  if (active == 2)
    MPI_Barrier(workers);
  if (workers != MPI_COMM_NULL)
    MPI_Comm_free(&workers);
  MPI_Finalize();
  return 0;
}
