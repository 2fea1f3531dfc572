/* The send count of an MPI_Gather depends on the rank.
 *
 * What is wrong: the root receives recvcount x recvtype from every
 * process, and MPI 4.0 (section 6.5) requires each process's sendcount x
 * sendtype to have that type signature; here rank 1 sends 2 ints where
 * the root expects 1.  (recvcount and recvtype are significant at the
 * root only, and the send side is ignored where sendbuf is MPI_IN_PLACE:
 * neither applies here, the send buffer is an array.)  A
 * collective-arguments warning names sendcount, and the check stops the
 * run, naming the sizes; alone, rank 0 sends and receives 1 int: ok.
 *
 * description: MPI_Gather whose sendcount is 2 on rank 1, 1 elsewhere: warned on sendcount, stopped
 * expect-warning: 38 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: different data sizes
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
  int rank, size, sendcount;
  int mine[2] = {0, 0}, all[2 * MAXP];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  mine[0] = mine[1] = rank;
  sendcount = 1;
  if (rank == 1)
    sendcount = 2; /* BUG: the root receives 1 int from each process */
  MPI_Gather(mine, sendcount, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
