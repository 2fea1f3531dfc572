/* The twin of comm_null_correct: members call solve(MPI_COMM_WORLD), whose
   MPI_Allreduce then waits for the processes that are not members of
   `sub'.  The test no longer spares the call (it passes another
   communicator): warned at line 15, note at line 14; the run stops. */
#include <mpi.h>
void solve(MPI_Comm comm);

int main(int argc, char **argv) {
  int rank;
  MPI_Comm sub;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2 ? 0 : MPI_UNDEFINED, rank, &sub);
  if (sub != MPI_COMM_NULL) {
    solve(MPI_COMM_WORLD); /* BUG: the world, not sub */
    MPI_Comm_free(&sub);
  }
  MPI_Finalize();
  return 0;
}
