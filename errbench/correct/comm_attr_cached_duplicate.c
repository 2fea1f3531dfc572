/* A library in the style of PETSc's PetscCommDuplicate: the first time a
 * user communicator reaches it, it duplicates the communicator for its
 * own messages and caches the duplicate as an attribute of the user's
 * communicator; later calls find it there.  Every process of the
 * communicator makes the same calls, so the attribute is set on all of
 * them at once, and MPI_Comm_get_attr's flag is the same on every
 * process: the MPI_Comm_dup it guards is made by all or by none.  The
 * library's reductions then run on the inner communicator.
 * Nothing to warn, nothing to stop.
 *
 * description: inner duplicate cached as an attribute of the user's communicator (`if (!flag) MPI_Comm_dup ... MPI_Comm_set_attr'), reductions on it, called several times
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int inner_keyval = MPI_KEYVAL_INVALID;

static int free_inner(MPI_Comm comm, int keyval, void *value, void *extra) {
  (void)comm;
  (void)keyval;
  (void)extra;
  MPI_Comm_free((MPI_Comm *)value);
  free(value);
  return MPI_SUCCESS;
}

static MPI_Comm lib_inner_comm(MPI_Comm user) {
  MPI_Comm *inner;
  int found;
  if (inner_keyval == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_inner, &inner_keyval, NULL);
  MPI_Comm_get_attr(user, inner_keyval, &inner, &found);
  if (!found) {
    inner = malloc(sizeof *inner);
    MPI_Comm_dup(user, inner);
    MPI_Comm_set_attr(user, inner_keyval, inner);
  }
  return *inner;
}

double lib_norm(MPI_Comm user, const double *x, int n) {
  MPI_Comm comm = lib_inner_comm(user);
  double local = 0.0, global;
  for (int i = 0; i < n; ++i)
    local += x[i] * x[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

int main(int argc, char **argv) {
  int rank;
  double x[8];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm work;
  MPI_Comm_dup(MPI_COMM_WORLD, &work);
  for (int i = 0; i < 8; ++i)
    x[i] = rank + 0.1 * i;
  double norm = 0.0;
  for (int it = 0; it < 3; ++it)
    norm += lib_norm(work, x, 8);
  if (rank == 0)
    printf("norm %g\n", norm);
  MPI_Comm_free(&work);
  MPI_Finalize();
  return 0;
}
