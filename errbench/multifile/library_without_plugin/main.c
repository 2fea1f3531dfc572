/* Rank 0 calls legacy_norm() of liblegacy.a, a library built without
   PARCOACH that runs MPI_Allreduce; the other ranks go straight to
   MPI_Barrier.  The compiler sees only the barrier under the rank test:
   warning at line 21, note at the `if' of line 18.  At run time main is
   flagged, so rank 0 is armed when it enters the library; the runtime's
   MPI_Allreduce wrapper checks the library's collective against the
   others' check before MPI_Barrier, and the run stops instead of
   hanging. */
#include <mpi.h>
#include <stdio.h>
#include "legacy.h"

int main(int argc, char **argv) {
  int rank;
  double v[4] = {1.0, 2.0, 3.0, 4.0}, norm = 0.0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    norm = legacy_norm(v, 4, MPI_COMM_WORLD); /* BUG: rank 0 only */
  else
    MPI_Barrier(MPI_COMM_WORLD);
  if (norm < 0.0)
    printf("negative norm\n");
  MPI_Finalize();
  return 0;
}
