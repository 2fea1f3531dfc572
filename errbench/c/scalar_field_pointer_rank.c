/* Erroneous twin of correct/scalar_field_pointer_reads.c: the pointer is
 * to the rank field, and the loop runs `*mine + 1' times.  Process 0 makes
 * one MPI_Allreduce, process 1 two.  Warned at the MPI_Allreduce; with 2
 * processes the check before it stops the run.
 *
 * description: a pointer to the rank field of a struct bounds a loop of Allreduce calls: warned, stops with 2 processes
 * expect-warning: 26 collective-mismatch
 * expect-conditional: 24
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
  int rank, steps;
} state_t;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  state_t s = {0, 4};
  MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  int *mine = &s.rank;
  for (int it = 0; it < *mine + 1; it++) {
    double local = it, sum;
    MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  printf("rank %d done after %d steps at most\n", s.rank, s.steps);
  MPI_Finalize();
  return 0;
}
