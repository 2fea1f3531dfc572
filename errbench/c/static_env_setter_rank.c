/* Twin of correct/static_env_accessors.c: the iteration count, static in
 * this file, is set by a public setter that main calls on rank 0 only
 * (line 27), then bounds a loop of MPI_Allreduce (lines 28-29).  The
 * file's own call is a difference of the unit, warned when it is
 * compiled; the run stops.
 *
 * description: static loop bound set by a public setter called on rank 0 only, read through an accessor: warned, stopped
 * expect-warning: 29 collective-mismatch
 * expect-conditional: 28
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int iterations = 1;

void set_iterations(int n) { iterations = n; }
int get_iterations(void) { return iterations; }

int main(int argc, char **argv) {
  int rank;
  double mine = 1.0, sum = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    set_iterations(3);
  for (int it = 0; it < get_iterations(); ++it)
    MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  printf("sum %.1f\n", sum);
  MPI_Finalize();
  return 0;
}
