/* The rank read through pointers: a pointer to a local, a pointer to that
 * pointer, and heap memory MPI_Comm_rank writes.  Whether malloc failed is
 * not taken as a difference between processes (value_flow_library.h: an
 * allocation gives new memory; the test here ends the job anyway). */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int *p = &rank;
  int **pp = &p;
  if (**pp == 0) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  int *q = &size;
  if (*q > 1) /* value-flow: uniform */
    MPI_Barrier(MPI_COMM_WORLD);
  int *heap = malloc(2 * sizeof *heap);
  if (!heap) /* value-flow: uniform */
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Comm_rank(MPI_COMM_WORLD, heap);
  if (heap[0] == 1) /* value-flow: rank */
    MPI_Barrier(MPI_COMM_WORLD);
  free(heap);
  MPI_Finalize();
  return 0;
}
