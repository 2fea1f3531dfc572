/* `steps' is the same on every process (its initialiser, never stored);
   `my_rank' is not, but it only decides who prints. */
#include <mpi.h>
#include <stdio.h>

int my_rank;
int steps = 3;

void step(void)
{
  if (my_rank == 0)
    printf("step\n");
  if (steps > 2)
    MPI_Barrier(MPI_COMM_WORLD);
}
