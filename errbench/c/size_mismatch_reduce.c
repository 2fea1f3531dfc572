/* The processes disagree on the count of an MPI_Reduce.
 *
 * What is wrong: the last rank reduces 2 MPI_INT, the others 1.  MPI
 * requires the same count and datatype on every process of a reduction
 * (MPICH truncates or hangs).  No control flow differs, but the count
 * depends on a test of the rank while the datatype is MPI_INT everywhere:
 * a collective-arguments warning, and the check before MPI_Reduce
 * compares the data sizes (count x datatype size) and stops the program:
 *   ... processes call it with different data sizes (count x datatype
 *   size): 4 bytes on ranks 0-1, 8 bytes on rank 2
 * Alone, a process agrees with itself.
 *
 * description: MPI_Reduce whose count is larger on the last rank: warned, the check names the sizes
 * expect-warning: 32 collective-arguments
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: different data sizes (count x datatype size): 4 bytes on ranks 0-1, 8 bytes on rank 2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, count;
  int local[2] = {1, 2}, global[2] = {0, 0};

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  count = 1 + (rank == size - 1); /* BUG: 2 on the last rank, 1 elsewhere */
  MPI_Reduce(local, global, count, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("sum %d\n", global[0]);
  MPI_Finalize();
  return 0;
}
