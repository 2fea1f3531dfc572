/* A solver reading its settings through a pointer to a struct: the number
   of sweeps (line 14) and the tolerance come from what the caller passes.
   Public: one file at a time, another file could pass settings that differ
   between processes.  The link step sees main.c pass max_sweeps from the
   rank: the loop exit (line 14) differs, and the MPI_Allreduce (line 16)
   is warned here at link time. */
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
