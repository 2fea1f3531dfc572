/* The correct twin of library_without_plugin: every rank calls
   legacy_norm() of liblegacy.a (built without PARCOACH, MPI_Allreduce),
   then MPI_Barrier, on both sides of a rank test.  The compiler cannot
   tell that both branches run the same collectives through the library,
   so main may be flagged; at run time every process is then armed in the
   library, the runtime's MPI_Allreduce wrapper checks the library's
   collective on every rank alike, and the run is clean. */
#include <mpi.h>
#include <stdio.h>
#include "legacy.h"

int main(int argc, char **argv) {
  int rank;
  double v[4] = {1.0, 2.0, 3.0, 4.0}, norm;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    norm = legacy_norm(v, 4, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    v[0] = 0.5;
    norm = legacy_norm(v, 4, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (norm < 0.0)
    printf("negative norm\n");
  MPI_Finalize();
  return 0;
}
