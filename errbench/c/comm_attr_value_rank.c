/* Twin of correct/comm_attr_cached_duplicate.c with a bug: what the
 * library caches on the user's communicator is each process's own role
 * (1 on rank 0, 0 elsewhere), and it guards its barrier with the
 * attribute's value instead of its flag.  The flag is the same on every
 * process, the value is not: rank 0 alone calls MPI_Barrier.  Warned,
 * and stopped.
 *
 * description: twin of correct/comm_attr_cached_duplicate.c: the value of a cached attribute (the rank's role) guards a barrier
 * expect-warning: 24 collective-mismatch
 * expect-conditional: 23
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

static int role_keyval = MPI_KEYVAL_INVALID;
static int my_role;

static void lib_sync(MPI_Comm user) {
  int *role, found;
  MPI_Comm_get_attr(user, role_keyval, &role, &found);
  if (found && *role == 1)
    MPI_Barrier(user);
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &role_keyval, NULL);
  my_role = rank == 0;
  MPI_Comm_set_attr(MPI_COMM_WORLD, role_keyval, &my_role);
  lib_sync(MPI_COMM_WORLD);
  if (rank == 0)
    printf("synchronised\n");
  MPI_Finalize();
  return 0;
}
