/* Thesis figure 5.2: a false negative of the intra-procedural analysis
 * (documented known limit).
 *
 * What is wrong: only the even ranks call f, and f calls MPI_Barrier; the
 * odd ranks go straight to MPI_Finalize.  The `if' of line 32 decides
 * whether a process calls the barrier, but the barrier is in another
 * function.
 *
 * PARCOACH analyses f and main separately: f calls its barrier
 * unconditionally and main's only collective, MPI_Finalize, is called by
 * every process, so there is no warning, and with the default (selective)
 * instrumentation nothing is instrumented.  The program is not run here: it
 * would deadlock.  The copy thesis_fig5_2_false_negative_instrument_all.c
 * shows that instrument=all catches the error at run time.
 *
 * description: thesis fig. 5.2: false negative, the barrier skipped by some ranks is in a callee: no warning
 */
#include <mpi.h>

void f(void)
{
  MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2 == 0)
    f();  /* BUG: the odd ranks never call the barrier in f */
  MPI_Finalize();
  return 0;
}
