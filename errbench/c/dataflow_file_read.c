/* Value flow, source: reading a file.
 *
 * What is wrong: every process reads the number of smoothing steps from
 * a file itself; on a cluster the processes may see different files (node
 * local disks) or fail to open it, and then run different numbers of
 * MPI_Allreduce.  The loop's exit test (line 32) is blamed: its bound
 * comes from fscanf, under a test on fopen's result (line 27).  Where
 * the file is missing everywhere (the runs below), every process runs
 * one step.
 *
 * description: value flow: fopen/fscanf results decide a loop of allreduces: warning, runs
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 32
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int steps = 1, i;
  double local = 1.0, global = 0.0;
  FILE *input;

  MPI_Init(&argc, &argv);
  if ((input = fopen("parcoach_errbench_steps.txt", "r")) != NULL) {
    if (fscanf(input, "%d", &steps) != 1)
      steps = 1;
    fclose(input);
  }
  for (i = 0; i < steps; i++)
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
