/* Values carried around a loop's back edge: `last' holds the rank only
 * from the second iteration on, so the test at the top of the body may
 * differ; `count' only ever adds constants. */
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, i, last = 0, count = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < 4; i++) { /* value-flow: uniform */
    if (last > 2) /* value-flow: rank */
      MPI_Barrier(MPI_COMM_WORLD);
    if (count > 2) /* value-flow: uniform */
      MPI_Barrier(MPI_COMM_WORLD);
    last = rank;
    count = count + 1;
  }
  MPI_Finalize();
  return 0;
}
