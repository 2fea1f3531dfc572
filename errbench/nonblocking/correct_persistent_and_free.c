/* Persistent requests, MPI_Request_free of active sends, MPI_Cancel.
 *
 * Correct: a persistent send and receive (MPI_Send_init, MPI_Recv_init)
 * are started with MPI_Startall and MPI_Start and completed with
 * MPI_Waitall and MPI_Wait several times, then freed; an active
 * MPI_Isend request is released with MPI_Request_free (allowed: the
 * send completes on its own, its matching receive below completes it);
 * a receive nobody matches is cancelled and completed by MPI_Wait.
 * Nothing is active at MPI_Finalize.  Silent at compile time, clean at
 * run time.
 *
 * description: persistent requests with MPI_Start/Wait and MPI_Request_free, MPI_Request_free of an active send, MPI_Cancel + MPI_Wait
 * expect-run: 2 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, step, out = 0, in = -1, lost = -1, freed_value, freed_got = -1;
  MPI_Request persistent[2], freed, cancelled;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Send_init(&out, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &persistent[0]);
  MPI_Recv_init(&in, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
                &persistent[1]);
  for (step = 0; step < 5; step++) {
    out = rank * 100 + step;
    if (step % 2 == 0) {
      MPI_Startall(2, persistent);
      MPI_Waitall(2, persistent, MPI_STATUSES_IGNORE);
    } else {
      MPI_Start(&persistent[1]);
      MPI_Start(&persistent[0]);
      MPI_Wait(&persistent[0], MPI_STATUS_IGNORE);
      MPI_Wait(&persistent[1], MPI_STATUS_IGNORE);
    }
    if (in != ((rank + size - 1) % size) * 100 + step)
      MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Request_free(&persistent[0]);
  MPI_Request_free(&persistent[1]);

  freed_value = rank;
  MPI_Isend(&freed_value, 1, MPI_INT, (rank + 1) % size, 1, MPI_COMM_WORLD, &freed);
  MPI_Request_free(&freed);
  MPI_Recv(&freed_got, 1, MPI_INT, (rank + size - 1) % size, 1, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);

  MPI_Irecv(&lost, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &cancelled);
  MPI_Cancel(&cancelled);
  MPI_Wait(&cancelled, MPI_STATUS_IGNORE);

  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return freed_got == (rank + size - 1) % size ? 0 : 1;
}
