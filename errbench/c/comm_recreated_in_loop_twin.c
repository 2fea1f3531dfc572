/* A rank compared with a size taken from an earlier communicator held in
 * the same variable: the split runs in a loop, so `c' holds a different
 * communicator in each iteration.
 *
 * What is wrong: `s' is the size of the first `c' (the even or odd ranks:
 * 2 or 1 with 3 processes), `r' the rank in the second (every process:
 * 0, 1, 2).  `r < s' holds on rank 0 only, which calls the MPI_Barrier of
 * line 33 alone.  The test is blamed; the run-time check stops the
 * program.
 *
 * description: rank in a communicator re-created in a loop compared with the size of its first version: warned, stops
 * expect-warning: 33 collective-mismatch
 * expect-conditional: 32
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, r, s = 0;
  MPI_Comm c;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int k = 0; k < 2; k++) {
    MPI_Comm_split(MPI_COMM_WORLD, k == 0 ? rank % 2 : 0, rank, &c);
    if (k == 0)
      MPI_Comm_size(c, &s);
    MPI_Comm_rank(c, &r);
    if (k == 1)
      if (r < s) /* BUG: s is the size of the first c */
        MPI_Barrier(c);
    MPI_Comm_free(&c);
  }
  MPI_Finalize();
  return 0;
}
