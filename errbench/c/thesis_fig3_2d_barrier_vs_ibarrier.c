/* Thesis figure 3.2(d): MPI_Barrier on one branch, MPI_Ibarrier on the other.
 *
 * MPI 3.0 (p. 198): "Nonblocking collective operations do not match with
 * blocking collective operations ... All processes must call collective
 * operations (blocking and nonblocking) in the same order per communicator".
 * So even ranks calling MPI_Barrier and odd ranks calling MPI_Ibarrier +
 * MPI_Wait is erroneous, although both "synchronise".
 *
 * C(0,Barrier) = {barrier}, C(0,Ibarrier) = {ibarrier}; the iterated
 * postdominance frontier of both sets is the `if' at line 26: both calls
 * are flagged, one cause warned once, at the MPI_Barrier (its path names
 * the MPI_Ibarrier on the other side).  MPI_Wait is not a collective.
 *
 * description: thesis fig. 3.2(d): MPI_Barrier on one branch, MPI_Ibarrier + MPI_Wait on the other
 * expect-warning: 27 collective-mismatch
 * expect-conditional: 26
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>

void synchronise(int rank)
{
  MPI_Request request;

  if (rank % 2 == 0)
    MPI_Barrier(MPI_COMM_WORLD);
  else {
    /* BUG: a nonblocking barrier never matches a blocking one */
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
  }
}

int main(int argc, char **argv)
{
  int rank;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  synchronise(rank);
  MPI_Finalize();
  return 0;
}
