/* Rank 0 changes `steps' (it reads my_rank, which main.c sets from the
   rank): after step(), `steps' differs between processes. */
#include <mpi.h>

int my_rank;
int steps = 3;

void step(void)
{
  if (my_rank == 0)
    steps = 1;
}
