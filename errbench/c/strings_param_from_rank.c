/* The erroneous twin of correct/osu_style_latency_bench.c's option
 * parsing: a helper reads a count from an array of strings (`char
 * **words', as an option parser reads argv), but the strings are no
 * program arguments: each process prints its own rank into them.
 *
 * What is wrong: repeat_count() returns rank + 1, so the loop of line 37
 * runs MPI_Barrier (line 38) once on rank 0 and twice on rank 1.  The
 * strings behind a `char **' parameter are what the callers' pointers
 * point to: here a buffer written from the rank, not argv.  Warned, and
 * the run-time check stops the program at the first disagreement.
 *
 * description: count parsed by a helper from a char ** array whose strings are written from the rank: the loop of barriers is warned, stops
 * expect-warning: 38 collective-mismatch
 * expect-conditional: 37
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int repeat_count(int count, char **words)
{
  return count > 0 ? atoi(words[0]) : 1;
}

int main(int argc, char **argv)
{
  int rank;
  char text[16];
  char *words[1] = {text};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  snprintf(text, sizeof text, "%d", rank + 1);
  int n = repeat_count(1, words);
  /* BUG: n is rank + 1 */
  for (int i = 0; i < n; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
