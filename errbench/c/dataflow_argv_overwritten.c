/* Value flow: the argument strings, changed per process.
 *
 * What is wrong: every process gets the same arguments from mpiexec, but
 * this program writes its rank into the first character of argv[0] (line
 * 24) before parsing it: the number atoi reads differs between
 * processes, and so does the number of barriers of the loop at line 26
 * (rank 0 reads 0, rank 1 reads 1...).
 *
 * description: value flow: argv[0][0] overwritten with the rank, then atoi of it bounds a loop of barriers: warning, stop
 * expect-warning: 27 collective-mismatch
 * expect-conditional: 26
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int i, rank, steps;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  argv[0][0] = (char)('0' + rank % 10);
  steps = atoi(argv[0]);
  for (i = 0; i < steps; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
