/* The correct twin of ibcast_array_element_written.c: while nonblocking
 * collectives on local arrays are pending, the program touches only what
 * MPI allows, and everything the static rule must leave alone.
 *
 *   - buf1[200] written while MPI_Ibcast (buf1, 128, MPI_INT) is pending:
 *     outside the 128 elements it uses (line 35);
 *   - other[0] written: another array (line 36);
 *   - buf1 + 128 onwards is not the broadcast's, buf1[i] with i unknown is
 *     not certainly inside it (line 37);
 *   - the send buffer of an MPI_Iallreduce read (allowed since MPI 3.0,
 *     line 44), its receive buffer written after MPI_Wait (line 46);
 *   - buf1[0] written after MPI_Wait (line 40).
 * Silent at compile time, clean at run time; the sums and values checked.
 *
 * description: element accesses outside the pending buffers, to other arrays, reads of send buffers, after MPI_Wait
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, i, copy, errors = 0;
  int buf1[256], other[4] = {0}, send[4], sum[4];
  MPI_Request request;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  i = argc > 5 ? 3 : 200;
  for (copy = 0; copy < 256; copy++)
    buf1[copy] = rank == 0 ? copy : -1;
  MPI_Ibcast(buf1, 128, MPI_INT, 0, MPI_COMM_WORLD, &request);
  buf1[200] = 8;   /* outside the 128 elements broadcast */
  other[0] = 8;    /* another array */
  buf1[i + 1] = 9; /* i + 1 is 201 here: nothing certain at compile time */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  errors += buf1[127] != 127 || buf1[200] != 8 || other[0] != 8;
  buf1[0] = 8;     /* complete: allowed */
  for (copy = 0; copy < 4; copy++)
    send[copy] = rank + copy;
  MPI_Iallreduce(send, sum, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &request);
  copy = send[3];  /* reading a send buffer is allowed */
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  sum[0] += copy - (rank + 3);
  errors += sum[0] != size * (size - 1) / 2 || sum[3] != size * (size - 1) / 2 + 3 * size;
  if (errors)
    fprintf(stderr, "rank %d: wrong values\n", rank);
  MPI_Finalize();
  return errors != 0;
}
