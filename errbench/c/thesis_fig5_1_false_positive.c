/* Thesis figure 5.1: a false positive of the intra-procedural analysis
 * (documented known limit).
 *
 * The program is correct: odd ranks call MPI_Barrier directly, even ranks
 * call f, which calls MPI_Barrier.  Every process calls exactly one barrier
 * and then MPI_Finalize.
 *
 * PARCOACH analyses f and main separately.  f is correct; in main the
 * barrier of line 35 is only on one branch of the `if' of line 34
 * (C(0,Barrier) = {3}, PDF+ = {2} in the thesis' numbering): it does not
 * know that f hides a barrier, so it warns.  The run-time checks must filter
 * this false positive: the program has to run to the end.
 *
 * description: thesis fig. 5.1: false-positive warning (barrier hidden in a callee on the other branch), runs fine
 * expect-warning: 35 collective-mismatch
 * expect-conditional: 34
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

void f(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2)
    MPI_Barrier(MPI_COMM_WORLD);
  else
    f();  /* correct: f calls MPI_Barrier too */
  printf("rank %d passed the barrier\n", rank);
  MPI_Finalize();
  return 0;
}
