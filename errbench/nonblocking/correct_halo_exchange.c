/* A 1-D halo exchange with MPI_Irecv, MPI_Isend and MPI_Waitall in a loop.
 *
 * Correct: each iteration posts the receives of both ghost cells and the
 * sends of both boundary cells into a local array, completes them with
 * MPI_Waitall, then updates the interior; the ends of the line use
 * MPI_PROC_NULL partners.  Silent at compile time, clean at run time.
 *
 * description: halo exchange with Irecv/Isend/Waitall in a loop
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

#define N 64

int main(int argc, char **argv)
{
  int rank, size, left, right, it, i;
  double u[N + 2], v[N + 2], total = 0, sum = 0;
  MPI_Request halo[4];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  for (i = 0; i < N + 2; i++)
    u[i] = 1.0;
  for (it = 0; it < 20; it++) {
    MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[0]);
    MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[1]);
    MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
    MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &halo[3]);
    MPI_Waitall(4, halo, MPI_STATUSES_IGNORE);
    for (i = 1; i <= N; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
    for (i = 1; i <= N; i++)
      u[i] = v[i];
  }
  for (i = 1; i <= N; i++)
    sum += u[i];
  MPI_Allreduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return total > 0 ? 0 : 1;
}
