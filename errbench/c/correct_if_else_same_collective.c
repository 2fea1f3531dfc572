/* Correct: both branches of a rank-dependent if/else call the same
 * collective (MPI_Bcast from the same root), so every process calls one
 * MPI_Bcast at that point.  The set C(0,Bcast) holds both calls and
 * postdominates the `if': no warning.
 *
 * description: if/else on the rank with the same MPI_Bcast on both sides: silent
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int read_parameter(int rank)
{
  int value;

  if (rank == 0) {
    value = 42;   /* the root "reads" the value ... */
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else {
    value = -1;   /* ... the others receive it */
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  return value;
}

int main(int argc, char **argv)
{
  int rank, value;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = read_parameter(rank);
  if (value != 42)
    printf("rank %d: wrong value %d\n", rank, value);
  MPI_Finalize();
  return 0;
}
