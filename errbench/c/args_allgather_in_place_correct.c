/* MPI_Allgather and MPI_Alltoall with MPI_IN_PLACE on every process, then
 * with a send buffer on every process: correct (MPI 4.0 sections 6.7 and
 * 6.8: in place means MPI_IN_PLACE as sendbuf everywhere, its count and
 * type ignored).  With instrument=all the checks compare the use of
 * MPI_IN_PLACE and stay silent.
 *
 * description: MPI_Allgather/MPI_Alltoall in place on every process, then with buffers: silent, runs clean with instrument=all
 * plugin-args: instrument=all
 * expect-run: 1 ok
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, i, mine;
  int *all, *out;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  all = calloc(size, sizeof *all);
  out = calloc(size, sizeof *out);
  all[rank] = rank;
  MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 1, MPI_INT, MPI_COMM_WORLD);
  for (i = 0; i < size; ++i)
    out[i] = rank + i;
  MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, out, 1, MPI_INT, MPI_COMM_WORLD);
  mine = rank;
  MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
  printf("rank %d: %d %d\n", rank, all[size - 1], out[0]);
  free(out);
  free(all);
  MPI_Finalize();
  return 0;
}
