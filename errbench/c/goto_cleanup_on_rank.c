/* The C error-handling idiom `goto cleanup', taken by some ranks only.
 *
 * What is wrong: rank 1 "fails" and jumps to the cleanup code, skipping
 * the MPI_Barrier on the duplicated communicator that the other ranks
 * call; everybody then frees the communicator (MPI_Comm_free is
 * collective).  Rank 0's barrier meets rank 1's MPI_Comm_free.  The barrier
 * is flagged because of the `if' of line 25; MPI_Comm_dup (order 0) and
 * MPI_Comm_free (maximal order 2) are on every path.
 *
 * description: goto cleanup taken by one rank skips an MPI_Barrier before the common MPI_Comm_free
 * expect-warning: 29 collective-mismatch
 * expect-conditional: 25
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int work(int rank)
{
  MPI_Comm dup;
  int err = 0;

  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  if (rank == 1) {
    err = 1;       /* pretend something failed on this rank only */
    goto cleanup;  /* BUG: skips the barrier the others call */
  }
  MPI_Barrier(dup);
cleanup:
  MPI_Comm_free(&dup);
  return err;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (work(rank))
    fprintf(stderr, "rank %d: work failed\n", rank);
  MPI_Finalize();
  return 0;
}
