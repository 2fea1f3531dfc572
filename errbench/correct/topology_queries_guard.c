/* A halo library's helpers ask MPI about the communicator they are given
 * before synchronising on it: MPI_Topo_test and MPI_Comm_test_inter (the
 * same for every member), the grid's extents from MPI_Cart_get (not the
 * caller's coordinates, only printed), and MPI_Type_get_extent of a
 * predefined type.  Each guards a collective on that communicator.
 * Nothing to warn, nothing to stop.
 *
 * description: guards on MPI_Topo_test, MPI_Comm_test_inter, MPI_Cart_get's dims and MPI_Type_get_extent: silent, runs clean
 * expect-run: 4 ok
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static void exchange_if_grid(MPI_Comm comm, double *value) {
  int topology, inter, dims[2], periods[2], coords[2];
  MPI_Topo_test(comm, &topology);
  MPI_Comm_test_inter(comm, &inter);
  if (inter || topology != MPI_CART)
    return;
  MPI_Cart_get(comm, 2, dims, periods, coords);
  if (dims[0] > 1)
    MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, comm);
  if (coords[0] == 0)
    printf("first row\n");
}

int main(int argc, char **argv) {
  int size, dims[2] = {0, 0}, periods[2] = {0, 0};
  MPI_Aint lb, extent;
  MPI_Comm grid;
  double value = 1.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  exchange_if_grid(grid, &value);
  exchange_if_grid(MPI_COMM_WORLD, &value);
  MPI_Type_get_extent(MPI_DOUBLE, &lb, &extent);
  if (extent == 8)
    MPI_Barrier(grid);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
