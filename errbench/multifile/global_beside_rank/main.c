/* Every process calls step() (step.c) once, after storing its rank in the
   global my_rank. */
#include <mpi.h>

extern int my_rank;
void step(void);

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  step();
  MPI_Finalize();
  return 0;
}
