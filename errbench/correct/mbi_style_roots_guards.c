/* Pure MPI, in the style of the MPI correctness benchmarks: a `nprocs < 2'
 * guard that prints and calls MPI_Abort, parameters broadcast from rank 0
 * then tested alike everywhere, an error-code check after a broadcast,
 * point-to-point between ranks 0 and 1 around collectives every process
 * calls, reductions to the last rank in a loop bounded by a broadcast
 * count, one broadcast from every root in turn, a convergence loop ended
 * by an MPI_Allreduce'd value, and a flag reduced with MPI_LOR.  Nothing
 * to warn, nothing to stop.
 *
 * description: pure MPI benchmark style: nprocs < 2 abort guard, broadcast parameters, error-code check, several roots, allreduced convergence
 * expect-run: 2 ok repeat=2
 * expect-run: 3 ok
 * expect-run: 4 ok
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 16

int main(int argc, char **argv)
{
  int nprocs = -1, rank = -1, root, err, n_iter = 0, done = 0, iter = 0;
  double buf[N], local, global, tol = 0;

  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (nprocs < 2) {
    printf("MBI ERROR: This test needs at least 2 processes to produce a bug!\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  root = nprocs - 1;
  if (rank == 0) {
    n_iter = 5;
    tol = 1e-3;
  }
  err = MPI_Bcast(&n_iter, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (err != MPI_SUCCESS) {
    fprintf(stderr, "bcast failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Bcast(&tol, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (tol > 0.1)
    MPI_Barrier(MPI_COMM_WORLD);
  for (int i = 0; i < N; i++)
    buf[i] = rank + i;
  if (rank == 0) {
    MPI_Send(buf, N, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(buf, N, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  for (int i = 0; i < n_iter; i++)
    MPI_Reduce(&buf[i], &global, 1, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
  for (int r = 0; r < nprocs; r++)
    MPI_Bcast(&buf[r % N], 1, MPI_DOUBLE, r, MPI_COMM_WORLD);
  while (!done) {
    local = 1.0 / (iter + 1 + rank);
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    iter++;
    if (global < tol * 100 || iter >= 50)
      done = 1;
  }
  int flag = rank == root;
  int any;
  MPI_Allreduce(&flag, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  if (any)
    MPI_Barrier(MPI_COMM_WORLD);
  /* the maximum of 1 / (iter + 1 + rank) over the ranks is 1 / (iter + 1),
     below 0.1 first at iter = 10, then counted: 11; buf[1] comes from rank
     1, which received rank 0's buf (buf[i] = i) */
  if (iter != 11 || !any || buf[1] != 1.0) {
    fprintf(stderr, "rank %d: iter %d any %d buf %g\n", rank, iter, any, buf[1]);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Finalize();
  return 0;
}
