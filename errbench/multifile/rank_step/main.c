/* Only rank 0 calls step(), defined in step.c, which runs MPI_Barrier: the
   other processes go on to MPI_Finalize.  One file at a time nothing is
   wrong; the link step warns at the call in main.c (line 13), with a note
   at the `if' of line 12. */
#include <mpi.h>
#include "step.h"

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    step(MPI_COMM_WORLD); /* BUG: rank 0 only */
  MPI_Finalize();
  return 0;
}
