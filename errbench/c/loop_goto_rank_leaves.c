/* Erroneous twin of correct/loop_goto_cleanup_rank_print.c: rank 0 jumps
 * out of the loop to the cleanup label after its first step, while the
 * others go on with the loop's MPI_Allreduce and then the barrier after
 * it.  The rank test is a way out of the loop: it is blamed for the
 * MPI_Allreduce in the loop and for the barrier the goto skips.  With 2
 * processes the check before the second MPI_Allreduce stops the run.
 *
 * description: `if (rank == 0) goto cleanup' in a loop of Allreduce calls, a barrier after the loop: warned, stops with 2 processes
 * expect-warning: 25 collective-mismatch
 * expect-warning: 30 collective-mismatch
 * expect-conditional: 23
 * expect-conditional: 26
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, step = 0, failed = 0, any_failed;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  while (step < 4) {
    step++;
    MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
      goto cleanup;
    printf("rank %d: step %d\n", rank, step);
  }
  MPI_Barrier(MPI_COMM_WORLD);
cleanup:
  MPI_Finalize();
  return 0;
}
