/* C codes keep a pointer to one field of a state struct and read the field
 * through it (`double *tol = &s.tol', `int *steps = &s.steps'), the
 * struct holding the rank beside the values every process shares.  The
 * pointers are assigned once and their addresses never taken: `*tol'
 * names s.tol only, not the whole struct, so the loop bounded by `*steps'
 * and left on `*res < *tol' (an MPI_Allreduce result stored through
 * `res') is the same everywhere.  Nothing to warn, nothing to stop.
 *
 * description: pointers to scalar fields of a local struct holding the rank (`double *tol = &s.tol'), read and written through them around a loop of Allreduce calls
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  int rank, size;
  int steps;
  double tol, res;
} state_t;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  state_t s;
  MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &s.size);
  s.steps = 50;
  s.tol = 1e-6;
  s.res = 1.0;
  int *steps = &s.steps;
  double *tol = &s.tol, *res = &s.res;
  int it;
  for (it = 0; it < *steps; it++) {
    double local = 1.0 / ((it + 2.0) * (it + 2.0) * (it + 2.0) * s.size);
    MPI_Allreduce(&local, res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (*res < *tol)
      break;
  }
  if (s.rank == 0)
    printf("%d iterations, residual %g\n", it, *res);
  MPI_Finalize();
  return 0;
}
