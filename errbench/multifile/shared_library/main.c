/* exchange() comes from a shared library, libhalo.so, built with the
   plugin: its summary section stays in the library (not loaded at run
   time) and the link step reads it through -lhalo.  Only even ranks call
   exchange(), which runs MPI_Allreduce: warned at line 14, note at the
   `if' of line 13. */
#include <mpi.h>
void exchange(MPI_Comm comm);

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2 == 0)
    exchange(MPI_COMM_WORLD); /* BUG: even ranks only */
  MPI_Finalize();
  return 0;
}
