/* A store through a pointer with more possible targets than the analysis
 * follows (issue 17: points-to sets are bounded at 32 objects).
 *
 * What is wrong: `table' holds the addresses of 40 counters, `p' is one of
 * them (chosen by a value the same on every process: argc), and the rank
 * is stored through it into `c17'; the test of line 37 then differs
 * between processes and only rank 0 calls MPI_Barrier.  Past the bound,
 * the counters the pointer may reach are taken as escaped: their values
 * may differ, so the test is still flagged (a bound never hides an
 * error), warned, and the run stops.
 *
 * description: store of the rank through a pointer that may point to 40 variables (past the points-to bound), MPI_Barrier under a test of one of them
 * expect-warning: 38 collective-mismatch
 * expect-conditional: 37
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

#define TEN(m, d) m(d##0) m(d##1) m(d##2) m(d##3) m(d##4) m(d##5) m(d##6) m(d##7) m(d##8) m(d##9)
#define FORTY(m) TEN(m, ) TEN(m, 1) TEN(m, 2) TEN(m, 3)
#define DECLARE(n) int c##n = 0;
#define ADDRESS(n) &c##n,
#define ADD(n) +c##n

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  FORTY(DECLARE)
  int *table[40] = {FORTY(ADDRESS)};
  int *p = table[(argc + 16) % 40]; /* c17 when run without arguments */
  *p = rank;
  int sum = 0 FORTY(ADD);
  printf("rank %d: sum %d\n", rank, sum);
  if (c17 == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
