/* A parameter every call site passes the same literal is the same on
 * every process, but what it is compared with need not be: solve's
 * `rank < nwriters' keeps the writers' barrier to ranks 0 and 1, while
 * the other ranks go on to MPI_Finalize.  Both calls pass 2, from both
 * sides of a rank test (companion of correct/role_helpers_same_count.c):
 * the comparison with the rank is still warned, and the run stops.
 *
 * description: the same literal at both call sites of a helper, compared with the rank inside it: warned, stopped
 * expect-warning: 23 collective-mismatch
 * expect-conditional: 22
 * expect-run: 3 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static void write_results(const char *tag, int nwriters) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("%s: rank %d\n", tag, rank);
  /* the bug: the barrier is meant for the writers' communicator */
  if (rank < nwriters)
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    write_results("root", 2);
  else
    write_results("worker", 2);
  MPI_Finalize();
  return 0;
}
