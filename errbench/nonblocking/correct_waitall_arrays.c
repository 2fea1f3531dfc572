/* Request arrays completed by MPI_Waitall, some entries MPI_REQUEST_NULL.
 *
 * Correct: every rank posts an MPI_Irecv from and an MPI_Isend to each
 * neighbour that exists (the ends of the line have one), leaving
 * MPI_REQUEST_NULL in the unused slots, and completes the whole array
 * with MPI_Waitall; a second round copies each handle into a list before
 * reusing the variable, then completes the list (the runtime cannot see
 * the copy: it must not take the reuse for a lost request).  Silent at
 * compile time (arrays and copied handles are left to the runtime), clean
 * at run time.
 *
 * description: MPI_Waitall over request arrays with MPI_REQUEST_NULL entries, handles copied before reuse
 * expect-run: 3 ok
 * expect-run: 1 ok
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  int rank, size, i, left, right, mine, got[2] = {-1, -1}, sent[2], n = 0;
  MPI_Request requests[4], pending[4], request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = rank - 1;
  right = rank + 1 < size ? rank + 1 : -1;
  mine = rank;
  for (i = 0; i < 4; i++)
    requests[i] = MPI_REQUEST_NULL;
  if (left >= 0) {
    MPI_Irecv(&got[0], 1, MPI_INT, left, 0, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(&mine, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &requests[1]);
  }
  if (right >= 0) {
    MPI_Irecv(&got[1], 1, MPI_INT, right, 0, MPI_COMM_WORLD, &requests[2]);
    MPI_Isend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD, &requests[3]);
  }
  MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
  if ((left >= 0 && got[0] != left) || (right >= 0 && got[1] != right))
    MPI_Abort(MPI_COMM_WORLD, 1);

  /* Second round: one variable, copied into `pending' before reuse.  */
  for (i = 0; i < 2; i++)
    sent[i] = rank * 10 + i;
  if (right >= 0) {
    MPI_Isend(&sent[0], 1, MPI_INT, right, 1, MPI_COMM_WORLD, &request);
    pending[n++] = request;
    MPI_Isend(&sent[1], 1, MPI_INT, right, 2, MPI_COMM_WORLD, &request);
    pending[n++] = request;
  }
  if (left >= 0) {
    MPI_Irecv(&got[0], 1, MPI_INT, left, 1, MPI_COMM_WORLD, &request);
    pending[n++] = request;
    MPI_Irecv(&got[1], 1, MPI_INT, left, 2, MPI_COMM_WORLD, &request);
    pending[n++] = request;
  }
  MPI_Waitall(n, pending, MPI_STATUSES_IGNORE);
  if (left >= 0 && (got[0] != left * 10 || got[1] != left * 10 + 1))
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Finalize();
  return 0;
}
