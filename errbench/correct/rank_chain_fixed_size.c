/* A three-stage pipeline written for three processes: rank 0 produces,
 * rank 1 filters, rank 2 consumes, and each branch of the chain of rank
 * tests ends with the same two MPI_Allreduce calls (the work done, the
 * consumer's checksum); then a switch on the rank gives each its report,
 * every case ending with the same MPI_Barrier.  Every process of a run with 3 processes or fewer
 * takes one branch (the branches of absent ranks are not taken, and a
 * missing neighbour is MPI_PROC_NULL), so all call the same collectives in
 * the same order: nothing to warn.  With a fourth process, rank 3 would
 * leave the chain without them: the calls stay checked at run time, and a
 * 4-process run is stopped instead of hanging.
 *
 * description: if (rank == 0) .. else if (rank == 2) and switch (rank), each branch ending in the same collectives; run with 1-3 processes (correct) and 4 (stopped)
 * expect-run: 3 ok
 * expect-run: 2 ok
 * expect-run: 1 ok
 * expect-run: 4 stop
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>

#define N 64

int main(int argc, char **argv)
{
  int rank, size;
  double data[N];
  long work = 0, total = 0;
  double checksum = 0.0, result = 0.0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int previous = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int next = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;

  if (rank == 0) {
    for (int i = 0; i < N; i++)
      data[i] = i;
    work = N;
    MPI_Send(data, N, MPI_DOUBLE, next, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&work, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&checksum, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(data, N, MPI_DOUBLE, previous, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
      data[i] *= 2.0;
    work = N;
    MPI_Send(data, N, MPI_DOUBLE, next, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&work, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&checksum, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  } else if (rank == 2) {
    MPI_Recv(data, N, MPI_DOUBLE, previous, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < N; i++)
      checksum += data[i];
    work = N;
    MPI_Allreduce(&work, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&checksum, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }

  switch (rank) {
  case 0:
    printf("%ld values handled, checksum %g\n", total, result);
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  case 1:
  case 2:
    if (result != 2.0 * (N - 1) * N / 2 && size == 3)
      printf("rank %d: unexpected checksum %g\n", rank, result);
    MPI_Barrier(MPI_COMM_WORLD);
    break;
  }
  MPI_Finalize();
  return 0;
}
