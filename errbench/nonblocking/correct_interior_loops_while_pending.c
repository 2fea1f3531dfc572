/* Loops over the interior of arrays whose halo cells are pending, in the
 * shapes whose run-time buffer checks the plugin hoists before the loop.
 *
 * Correct (MPI-3.1 3.7.2): each rank receives into the ghost cells u[0]
 * and u[N+1] and sends its edge cells u[1] and u[N]; while the four
 * requests are pending it only reads the interior and the send cells,
 * which MPI allows, and writes other arrays:
 *   - a three-point update of a static array, upward (the interval of the
 *     three reads of u is [&u[1], &u[N]), between the two receive
 *     buffers);
 *   - a downward sum through a pointer with a long index;
 *   - a scaling with an unsigned index into a heap array;
 *   - a loop whose interval covers the ghost cells but whose body reads
 *     only the interior (a condition): the interval meets the pending
 *     receive buffers, so it runs with a check before each access, and
 *     every check passes;
 *   - a loop leaving early (break) before it would reach a ghost cell.
 * The same loops run again after MPI_Waitall, with nothing pending, and
 * the results must be the same (the program returns 1 otherwise).  Silent at
 * compile time, clean at run time.
 *
 * description: interior loops (upward, downward, unsigned, conditional, early exit) while the halo requests are pending, under hoisted buffer checks: silent, runs clean
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdlib.h>

#define N 48

static double u[N + 2], v[N + 2];

/* One halo exchange; the loops run while the requests are pending
   (overlapped) or after MPI_Waitall: the results must be the same. */
static double step(int rank, int size, int overlapped, double *w, unsigned n)
{
  int left = (rank + size - 1) % size, right = (rank + 1) % size, i;
  const double *a = u;
  double total = 0;
  unsigned j;
  long k;
  MPI_Request halo[4];
  MPI_Status statuses[4];

  for (i = 0; i < N + 2; i++)
    u[i] = rank + 0.5 * i;
  MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &halo[0]);
  MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &halo[1]);
  MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &halo[2]);
  MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &halo[3]);
  if (!overlapped)
    MPI_Waitall(4, halo, statuses);
  for (i = 2; i < N; i++)
    v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
  for (k = N; k > 0; k--)
    total += a[k];
  for (j = 1; j < n; j++)
    w[j] = 2 * u[j];
  for (i = 0; i < N + 2; i++)
    if (i >= 1 && i <= N)
      total += u[i];
  for (i = 2; i < N + 2; i++) {
    if (i >= N)
      break;
    total += u[i] * v[i];
  }
  if (overlapped)
    MPI_Waitall(4, halo, statuses);
  return total;
}

int main(int argc, char **argv)
{
  int rank, size, i, status = 0;
  double *w = calloc(N + 2, sizeof *w), *w_after = calloc(N + 2, sizeof *w_after);

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (step(rank, size, 1, w, N + 1) != step(rank, size, 0, w_after, N + 1))
    status = 1;
  for (i = 1; i <= N; i++)
    if (w[i] != w_after[i])
      status = 1;
  free(w);
  free(w_after);
  MPI_Finalize();
  return status;
}
