#include <mpi.h>
typedef struct {
  int max_sweeps;
  double tolerance;
} settings_t;
int solve(MPI_Comm comm, const settings_t *s, double *x);
