/* A switch on the rank where every case calls the same collective.
 *
 * Correct: whichever case a process takes, it calls exactly one MPI_Bcast
 * on MPI_COMM_WORLD with the same root.  The three calls form one set
 * C(0,Bcast) that postdominates the switch: no warning, no instrumentation.
 *
 * description: switch (rank % 3) where every case (and default) calls MPI_Bcast: silent
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

int distribute(int rank)
{
  int a = 0, b = 0, c = 0;

  if (rank == 0)
    a = b = c = 7;
  switch (rank % 3) {
  case 0:
    MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
    break;
  case 1:
    MPI_Bcast(&b, 1, MPI_INT, 0, MPI_COMM_WORLD);
    break;
  default:
    MPI_Bcast(&c, 1, MPI_INT, 0, MPI_COMM_WORLD);
    break;
  }
  return a + b + c;
}

int main(int argc, char **argv)
{
  int rank, value;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = distribute(rank);
  if (value != 7)
    printf("rank %d: wrong value %d\n", rank, value);
  MPI_Finalize();
  return 0;
}
