/* Twin of correct/topology_queries_guard.c: the barrier on the grid is
 * guarded by the caller's coordinates from MPI_Cart_get (line 22), which
 * differ between the processes of the grid: the first row alone calls
 * it (line 23).
 *
 * description: MPI_Cart_get's coordinates guard a barrier on the grid: warned, stopped
 * expect-warning: 23 collective-mismatch
 * expect-conditional: 22
 * expect-run: 4 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv) {
  int size, dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
  MPI_Comm grid;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Cart_get(grid, 2, dims, periods, coords);
  if (coords[0] == 0)
    MPI_Barrier(grid);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
