/* Thesis figure 3.1 (listing 3.1), "a simple example".
 *
 * What is wrong: f calls MPI_Barrier only when r == 0 (the `if' at line
 * 28).  g calls f and then a barrier that every process reaches.  With r
 * equal to the rank, rank 0 calls two barriers and the other ranks one:
 * rank 0 waits forever in its second barrier while the others have left.
 *
 * The analysis is per function: f is flagged (C(0,Barrier) = {barrier},
 * PDF+ = {if}); g is correct by itself and gets no warning (thesis: "the
 * function g does not need to be transformed").  The run-time check before
 * f's barrier, and the one before f returns, stop the program: rank 0 is
 * about to call MPI_Barrier while rank 1 is leaving f.
 *
 * As in the thesis, g finalises MPI and exits; the barrier call is split over
 * two lines as in the listing, the warning goes to the line of the callee.
 *
 * description: thesis fig. 3.1: f calls MPI_Barrier only when r == 0, g calls f then MPI_Barrier
 * expect-warning: 29 collective-mismatch
 * expect-conditional: 28
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdlib.h>

void f(int r)
{
  if (r == 0)
    MPI_Barrier(
        MPI_COMM_WORLD);
  return;
}

void g(int r)
{
  f(r);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  exit(0);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  g(rank);
  return 0;
}
