/* A halo exchange that reads its ghost cells before MPI_Waitall.
 *
 * What is wrong: each rank posts MPI_Irecv into the ghost cells of a heap
 * array (lines 36, 37), sends its edge cells, and then updates the whole
 * array, ghost cells included, in one loop (line 41) before MPI_Waitall
 * (line 42): the reads of u[0] and u[n+1] touch the receive buffers while
 * the receives are pending, which MPI forbids (MPI-3.1 3.7.2: the receive
 * buffer must not be accessed until the receive completes).  The compiler
 * cannot tell (the buffer is reached through a pointer); the run-time
 * buffer check at the read stops the first rank that gets there, naming
 * the read's line and the MPI_Irecv whose buffer it is.
 *
 * description: ghost cells of a halo exchange (heap array) read before MPI_Waitall
 * expect-run: 2 stop
 * expect-stop-message: halo_recv_buffer_read_early.c:41: this read touches the receive buffer of the MPI_Irecv at
 * expect-run: 3 stop
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size, left, right, i, n = 64;
  double *u, *v;
  MPI_Request halo[4];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = (rank + size - 1) % size;
  right = (rank + 1) % size;
  u = malloc((n + 2) * sizeof *u);
  v = malloc((n + 2) * sizeof *v);
  for (i = 0; i < n + 2; i++)
    u[i] = rank;
  MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[0]);
  MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[1]);
  MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
  MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &halo[3]);
  for (i = 1; i <= n; i++)
    v[i] = (u[i - 1] + u[i + 1]) / 2; /* BUG: u[0], u[n+1] still pending */
  MPI_Waitall(4, halo, MPI_STATUSES_IGNORE);
  free(u);
  free(v);
  MPI_Finalize();
  return 0;
}
