/* The receive count of an MPI_Allgather depends on the rank.
 *
 * What is wrong: every process receives from every other the block that
 * one sends, so the receive signature (recvcount x recvtype) must be the
 * same on all of them; here the last rank expects 2 ints per process, the
 * others 1, while everybody sends 1.  The send side is in place on no
 * process, but it would not matter: only the receive side is matched.  A
 * collective-arguments warning names recvcount, and the check stops the
 * run, naming the sizes.  Alone, the process still receives 2 ints where
 * it sends 1: the check stops it too (its two sides differ).
 *
 * description: MPI_Allgather whose recvcount is larger on the last rank: warned on recvcount, stopped
 * expect-warning: 36 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 stop
 * expect-stop-message: different data sizes
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
  int rank, size, recvcount;
  int mine = 0, all[2 * MAXP];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  mine = rank;
  recvcount = rank == size - 1 ? 2 : 1; /* BUG: 2 on the last rank only */
  MPI_Allgather(&mine, 1, MPI_INT, all, recvcount, MPI_INT, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
