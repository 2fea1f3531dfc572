/* Pure MPI: options parsed from the strings argv points to, on every
 * process.  An SPMD launch gives every process the same argument list
 * (MPI 4.0 section 11.5), so argc, the pointers argv[i] and the characters
 * argv[i][j] are the same everywhere: `atoi(argv[1])' bounds a loop of
 * barriers, `strcmp(argv[i], "-v")' guards a reduction, the first
 * character of the program's name guards a broadcast.  Nothing to warn,
 * nothing to stop (the runs pass no arguments: the defaults hold).
 *
 * description: pure MPI: atoi/strcmp/characters of argv's strings bound and guard collectives on every process
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  int i, steps = 3, verbose = 0, one = 1, total = 0, value = 0;

  MPI_Init(&argc, &argv);
  if (argc > 1)
    steps = atoi(argv[1]);
  for (i = 1; i < argc; i++)
    if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
  for (i = 0; i < steps; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  if (verbose)
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (argv[0][0] != '\0')
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (value != 0)
    MPI_Abort(MPI_COMM_WORLD, 3);
  MPI_Finalize();
  return 0;
}
