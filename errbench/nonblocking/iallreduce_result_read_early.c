/* The result of an MPI_Iallreduce read before MPI_Wait.
 *
 * What is wrong: every rank starts an MPI_Iallreduce into `total' (line
 * 27), then prints the sum it holds (line 29) before MPI_Wait (line 30):
 * the receive buffer of a nonblocking collective must not be accessed
 * until the operation completes (MPI-3.1 5.12).  The buffer is a field
 * of a struct passed by pointer: no compile-time warning; the run-time
 * buffer check at the read stops every rank.
 *
 * description: receive buffer of an MPI_Iallreduce (a struct field through a pointer) read before MPI_Wait
 * expect-run: 2 stop
 * expect-stop-message: iallreduce_result_read_early.c:29: this read touches the receive buffer of the MPI_Iallreduce at
 */
#include <mpi.h>
#include <stdio.h>

struct sums {
  double local, total;
};

static void reduce(struct sums *s, int rank)
{
  MPI_Request request;
  s->local = rank + 1.0;
  s->total = 0;
  /* reading the send buffer while pending is allowed (line 28) */
  MPI_Iallreduce(&s->local, &s->total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &request);
  printf("rank %d contributes %g\n", rank, s->local);
  printf("rank %d: partial sum %g\n", rank, s->total); /* BUG: pending */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
  int rank;
  struct sums s;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  reduce(&s, rank);
  MPI_Finalize();
  return 0;
}
