/* The datatypes of MPI_Allgatherv and MPI_Gatherv depend on the rank.
 *
 * What is wrong: the v-variants let the counts differ by process, but
 * each block sent must have the type signature of the block received for
 * it (MPI 4.0 sections 6.5, 6.7).  Without derived datatypes, n elements
 * of MPI_DOUBLE never match m of MPI_INT (unless both are empty), so a
 * datatype chosen by rank on a side every process gives is an error:
 * here the last rank sends and receives doubles, the others ints.  Both
 * calls are warned (MPI_Allgatherv on sendtype and recvtype, MPI_Gatherv
 * on sendtype; its recvtype, significant at the root only, is not
 * matched); the check before MPI_Allgatherv stops the run, comparing
 * each block with what its receivers expect (a double where an int is
 * expected).  Alone, the only rank uses doubles throughout: ok.
 *
 * description: MPI_Allgatherv and MPI_Gatherv with a datatype chosen by rank: both warned on the datatype, stopped at MPI_Allgatherv
 * expect-warning: 44 collective-arguments
 * expect-warning: 46 collective-arguments
 * expect-run: 2 stop
 * expect-run: 3 stop
 * expect-run: 1 ok
 * expect-stop-message: blocks that do not match
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
  int rank, size, i;
  int counts[MAXP], displs[MAXP];
  double mine[1] = {0}, all[MAXP];
  MPI_Datatype type = MPI_INT;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (i = 0; i < size; i++)
    counts[i] = 1, displs[i] = i;
  if (rank == size - 1)
    type = MPI_DOUBLE; /* BUG: ints everywhere else */
  MPI_Allgatherv(mine, 1, type, all, counts, displs, type, MPI_COMM_WORLD);
  /* Never reached on 2 processes or more: the check above stops them.  */
  MPI_Gatherv(mine, 1, type, all, counts, displs, type, 0, MPI_COMM_WORLD);
  printf("rank %d done\n", rank);
  MPI_Finalize();
  return 0;
}
