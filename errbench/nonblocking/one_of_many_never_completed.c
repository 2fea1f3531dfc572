/* One request among hundreds never completed.
 *
 * What is wrong: each rank posts 400 MPI_Isend (line 27) and completes all
 * but the one of index 123 (its receiver gets every message, so the
 * program runs "fine" without PARCOACH).  The handles are in an array:
 * the compiler stays silent.  At run time, after the runtime's table grew
 * and lost 399 entries in scattered order, each rank stops in
 * MPI_Finalize naming the MPI_Isend of line 27.
 *
 * description: one MPI_Isend of 400 (an array of requests) never completed
 * expect-run: 2 stop
 * expect-run: 1 stop
 */
#include <mpi.h>

#define N 400

int main(int argc, char **argv)
{
  static MPI_Request sends[N];
  static int in[N], out[N];
  int rank, size, i;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < N; i++) { out[i] = i; MPI_Isend(&out[i], 1, MPI_INT, (rank + 1) % size, i, MPI_COMM_WORLD, &sends[i]); }
  for (i = 0; i < N; i++)
    MPI_Recv(&in[i], 1, MPI_INT, (rank + size - 1) % size, i, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
  for (i = 0; i < N; i++)
    if ((i * 7) % N != 123) /* BUG: one request is never completed */
      MPI_Wait(&sends[(i * 7) % N], MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
