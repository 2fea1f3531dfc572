/* Correct, NAS-MZ style: ranks 0 and 1 get a communicator from
   MPI_Comm_split, the others MPI_COMM_NULL; only members call solve()
   (solver.c), which runs MPI_Allreduce on the communicator it is given.
   The test of `sub' against MPI_COMM_NULL separates only processes that
   are not members of `sub': the call is fine, as a collective on `sub'
   under that test would be.  Silent, runs clean. */
#include <mpi.h>
void solve(MPI_Comm comm);

int main(int argc, char **argv) {
  int rank;
  MPI_Comm sub;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub != MPI_COMM_NULL) {
    solve(sub);
    MPI_Comm_free(&sub);
  }
  MPI_Finalize();
  return 0;
}
