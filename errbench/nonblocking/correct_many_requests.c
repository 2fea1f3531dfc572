/* Hundreds of requests pending at once, completed out of order.
 *
 * Correct: each rank posts 400 MPI_Irecv and 400 MPI_Isend with its
 * neighbours (more than the runtime's table holds at first, so it grows),
 * completes the sends one by one with MPI_Wait in a scattered order, the
 * receives with MPI_Waitsome, and checks every value.  Nothing is active
 * at MPI_Finalize.  Silent at compile time, clean at run time.
 *
 * description: 800 pending requests completed out of order (MPI_Wait scattered, MPI_Waitsome)
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

#define N 400

int main(int argc, char **argv)
{
  static MPI_Request recvs[N], sends[N];
  static int in[N], out[N], indices[N];
  int rank, size, i, done, outcount;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < N; i++) {
    out[i] = rank * N + i;
    MPI_Irecv(&in[i], 1, MPI_INT, (rank + size - 1) % size, i, MPI_COMM_WORLD, &recvs[i]);
  }
  for (i = 0; i < N; i++)
    MPI_Isend(&out[i], 1, MPI_INT, (rank + 1) % size, i, MPI_COMM_WORLD, &sends[i]);
  /* 7 is prime to N: every index once, scattered.  */
  for (i = 0; i < N; i++)
    MPI_Wait(&sends[(i * 7) % N], MPI_STATUS_IGNORE);
  for (done = 0; done < N; done += outcount)
    MPI_Waitsome(N, recvs, &outcount, indices, MPI_STATUSES_IGNORE);
  for (i = 0; i < N; i++)
    if (in[i] != ((rank + size - 1) % size) * N + i)
      MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Finalize();
  return 0;
}
