/* Thesis figure 3.2(a): two paths, one with one barrier and one with two.
 *
 * CFG of `step' (thesis numbering): node 1 = the `if' at line 29, node 2 =
 * the `if' at line 30, nodes 3 and 4 = the barriers at lines 31 and 33,
 * node 5 = the barrier at line 35.  The barrier of node 5 is the first
 * collective on path entry-1-5 and the second one on entry-1-2-3/4-5.
 * C(0,Barrier) = {3, 4} and PDF+({3, 4}) = {1}: the barriers of lines 31
 * and 33 are flagged because of line 29 only (one cause: one warning, at
 * line 31, whose path names both); node 2 is not responsible
 * (both of its branches call a barrier), and node 5, of maximal order 1,
 * postdominates the entry, so it is not flagged.
 *
 * What is wrong: the outer condition depends on the rank.  Rank 0 calls two
 * barriers, the others one, then MPI_Finalize: rank 0 waits in its second
 * barrier while the others finalise.  The check before that second barrier
 * sees rank 1 leaving `step' and stops the program.
 *
 * description: thesis fig. 3.2(a): one path calls one barrier, the other two
 * expect-warning: 31 collective-mismatch
 * expect-conditional: 29
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

void step(int rank, int verbose)
{
  if (rank == 0) {              /* node 1: BUG, depends on the rank */
    if (verbose)                /* node 2: harmless */
      MPI_Barrier(MPI_COMM_WORLD);   /* node 3 */
    else
      MPI_Barrier(MPI_COMM_WORLD);   /* node 4 */
  }
  MPI_Barrier(MPI_COMM_WORLD);       /* node 5 */
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  step(rank, argc > 1);
  MPI_Finalize();
  return 0;
}
