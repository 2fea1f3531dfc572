/* Correct uses of MPI_IN_PLACE in reductions, checked with instrument=all.
 *
 * What it shows: the check compares the use of MPI_IN_PLACE only where
 * the standard requires it on all processes or none, and must stay silent
 * on every call below:
 *   - MPI_Allreduce, MPI_Reduce_scatter_block and MPI_Reduce_scatter in
 *     place on every process (MPI 4.0 sections 6.9.6, 6.10.1, 6.10.2);
 *   - MPI_Reduce_scatter in place on rank 0 only: section 6.10.2 does not
 *     ask for it on every process;
 *   - MPI_Reduce in place at the root only: the standard gives the option
 *     to the root alone (section 6.9.1);
 *   - MPI_Scan and MPI_Exscan in place on rank 0 only: sections 6.11.1
 *     and 6.11.2 do not ask for it on every process, each process's input
 *     is its own business;
 *   - an MPI_Allreduce whose datatype and count are the same everywhere
 *     but given through MPI_IN_PLACE on all processes of one call and a
 *     buffer on all of the next.
 *
 * description: MPI_IN_PLACE in reductions as the standard allows (all processes, the root of MPI_Reduce, some processes of MPI_Scan): silent, runs clean
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
  int rank, size, i, x, y, failures = 0;
  int *data, *counts;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  data = malloc(size * sizeof *data);
  counts = malloc(size * sizeof *counts);

  x = rank + 1;
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += x != size * (size + 1) / 2;
  y = rank + 1;
  MPI_Allreduce(&y, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += x != size * (size + 1) / 2;

  for (i = 0; i < size; i++)
    data[i] = 1;
  MPI_Reduce_scatter_block(MPI_IN_PLACE, data, 1, MPI_INT, MPI_SUM,
                           MPI_COMM_WORLD);
  failures += data[0] != size;

  for (i = 0; i < size; i++)
    {
      data[i] = 1;
      counts[i] = 1;
    }
  MPI_Reduce_scatter(MPI_IN_PLACE, data, counts, MPI_INT, MPI_SUM,
                     MPI_COMM_WORLD);
  failures += data[0] != size;
  for (i = 0; i < size; i++)
    data[i] = 1;
  y = 0;
  if (rank == 0)
    MPI_Reduce_scatter(MPI_IN_PLACE, data, counts, MPI_INT, MPI_SUM,
                       MPI_COMM_WORLD);
  else
    MPI_Reduce_scatter(data, &y, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += (rank == 0 ? data[0] : y) != size;

  x = 1;
  if (rank == 0)
    MPI_Reduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(&x, NULL, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  failures += rank == 0 && x != size;

  x = 1;
  y = 1;
  if (rank == 0)
    MPI_Scan(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  else
    MPI_Scan(&y, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += x != rank + 1;

  x = 1;
  y = 1;
  if (rank == 0)
    MPI_Exscan(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  else
    MPI_Exscan(&y, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  failures += rank > 0 && x != rank;

  if (failures)
    printf("rank %d: %d wrong results\n", rank, failures);
  free(data);
  free(counts);
  MPI_Finalize();
  return failures != 0;
}
