/* Twin of global_beside_rank: the barrier runs where `steps' (step.c) is
   above 2, which step() made false on rank 0 only.  The link step warns
   the barrier (line 16), with a note at the `if' of line 15. */
#include <mpi.h>

extern int my_rank, steps;
void step(void);

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
  step();
  /* BUG: rank 0 has steps == 1 */
  if (steps > 2)
    MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
