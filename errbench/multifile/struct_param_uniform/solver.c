/* A solver reading its settings through a pointer to a struct: the number
   of sweeps (line 13) and the tolerance come from what the caller passes.
   Public: one file at a time, another file could pass settings that differ
   between processes; the link step sees main.c pass the same settings
   everywhere, so nothing is warned. */
#include <mpi.h>
#include "settings.h"

int solve(MPI_Comm comm, const settings_t *s, double *x)
{
  int sweeps = 0;
  double change = 1.0;
  while (sweeps < s->max_sweeps && change > s->tolerance) {
    double local = *x * 0.5, global;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm);
    change = global;
    *x -= local;
    sweeps++;
  }
  return sweeps;
}
