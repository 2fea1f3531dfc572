/* The correct twin of library_without_plugin: every rank calls
   legacy_norm() of liblegacy.a (built without PARCOACH, MPI_Allreduce of
   2 doubles, MPI_SUM); then rank 0 runs that same MPI_Allreduce inline
   while the others run it through the library again.  The compiler sees
   only the inline one, on one side of the rank test: warning at line 24,
   note at the `if' of line 23, and main gets run-time checks.  At run
   time every rank is armed in main: the library's collectives are checked
   by the runtime's MPI_Allreduce wrapper, rank 0's inline one by the
   check the plugin put before it (the wrapper then does not check it a
   second time), and every check agrees: the run is clean. */
#include <mpi.h>
#include <stdio.h>
#include "legacy.h"

int main(int argc, char **argv) {
  int rank;
  double v[4] = {1.0, 2.0, 3.0, 4.0}, norm;
  double local[2] = {30.0, 4.0}, global[2] = {0.0, 0.0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  norm = legacy_norm(v, 4, MPI_COMM_WORLD);
  v[0] = 0.5;
  if (rank == 0)
    MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  else
    norm += legacy_norm(v, 4, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  if (norm < 0.0 || global[1] < 0.0)
    printf("negative norm\n");
  MPI_Finalize();
  return 0;
}
