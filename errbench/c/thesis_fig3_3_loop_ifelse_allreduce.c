/* After thesis figure 3.3 (a CFG taken from a benchmark): a loop calling a
 * barrier, an if/else calling a barrier on both sides, then an
 * MPI_Allreduce under two nested conditions.
 *
 * Expected analysis (Algorithm 12):
 *  - the thesis flags the barrier in the loop (line 36) with the loop's
 *    exit conditional (line 35): it does not know the trip count.  Every
 *    process runs the same number of iterations here (n is 3 at the only
 *    call of bench in the program), and PARCOACH leaves the parameters of
 *    a public function to the link step, which reads every call: no
 *    warning;
 *  - the two barriers of the if/else (lines 38 and 40) are not flagged:
 *    whatever the branch, every process calls one barrier at that point
 *    (C(1,Barrier) = {7, 8} postdominates the entry);
 *  - the MPI_Allreduce (line 43) is flagged because of both conditionals
 *    that may skip it (lines 41 and 42).
 *
 * What is wrong: only the odd ranks call MPI_Allreduce, the even ranks
 * return.  The loop and the if/else are fine at run time.
 *
 * description: after thesis fig. 3.3: barrier in a loop, barrier on both sides of an if/else, allreduce under two conditions
 * expect-warning: 43 collective-mismatch
 * expect-conditional: 41
 * expect-conditional: 42
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

double bench(int rank, int n)
{
  int i;
  double local = rank + 1.0, global = 0.0;

  for (i = 0; i < n; i++)             /* node 2: loop exit */
    MPI_Barrier(MPI_COMM_WORLD);      /* node 3 */
  if (n > 2)                          /* node 6 */
    MPI_Barrier(MPI_COMM_WORLD);      /* node 7 */
  else
    MPI_Barrier(MPI_COMM_WORLD);      /* node 8 */
  if (rank % 2 == 1)                  /* node 9: BUG, depends on the rank */
    if (local > 0.0)                  /* node 11 */
      MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM,
                    MPI_COMM_WORLD);  /* node 10 */
  return global;
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  bench(rank, 3);
  MPI_Finalize();
  return 0;
}
