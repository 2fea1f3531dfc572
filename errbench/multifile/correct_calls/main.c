/* Correct: every cross-file call is fine.  All processes call
   exchange_all() (comm.c: MPI_Allreduce) and checkpoint() (io.c:
   MPI_Barrier); only rank 0 calls print_summary() (io.c), which runs no
   collective; the rank-dependent loop calls scale() (util.c), which runs
   none either, and the same for every process calls on both sides of an
   if on the rank.  Silent at compile and link time; runs clean. */
#include <mpi.h>
#include "lib.h"

int main(int argc, char **argv) {
  int rank;
  double value;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  value = exchange_all(MPI_COMM_WORLD, rank);
  for (int i = 0; i < rank; ++i)
    value = scale(value);
  if (rank == 0)
    print_summary(value);
  if (rank % 2 == 0)
    checkpoint(MPI_COMM_WORLD);
  else
    checkpoint(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
