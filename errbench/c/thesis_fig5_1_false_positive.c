/* Thesis figure 5.1: the false positive of the thesis' intra-procedural
 * analysis, which PARCOACH no longer gives.
 *
 * The program is correct: odd ranks call MPI_Barrier directly, even ranks
 * call f, which calls MPI_Barrier.  Every process calls exactly one barrier
 * and then MPI_Finalize.
 *
 * Analysed one function at a time (-fplugin-arg-parcoach-thesis), main's
 * barrier at line 33 is on one branch of the `if' at line 32 only, and the
 * thesis warns.  With the summaries of the unit (thesis Algorithms 22-23),
 * the call to f counts as f's one barrier: both branches run one barrier,
 * so there is no warning and nothing is checked at run time.
 *
 * description: thesis fig. 5.1: barrier hidden in a callee on the other branch: no warning, runs fine
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
