/* Compiled without PARCOACH (plain $(MPICC), no plugin flags), archived
   in liblegacy.a: its MPI_Allreduce is seen only at run time, through
   the runtime's MPI_Allreduce wrapper.  */
#include <math.h>
#include "legacy.h"

double legacy_norm(const double *v, int n, MPI_Comm comm) {
  double local[2] = {0.0, 0.0}, global[2];
  int i;
  for (i = 0; i < n; i++) {
    local[0] += v[i] * v[i];
    local[1] += 1.0;
  }
  MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_SUM, comm);
  return sqrt(global[0] / global[1]);
}
