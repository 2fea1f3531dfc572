/* A time loop as C codes write one: each step agrees an error flag with
 * MPI_Allreduce(MPI_LOR) and jumps to the cleanup label when any process
 * failed; rank 0 prints the step; after the loop, a final barrier and
 * reduction the cleanup path skips (every process takes it or none).  The
 * print's test is taken on some processes only, but both of its sides go
 * round the loop again: it chooses none of the loop's two ways out (the
 * condition, the goto).  (The flags are declared before the loop, as in
 * C89 codes: no end of scope joins the print's two sides in the body.)
 * Nothing to warn, nothing to stop.
 *
 * description: loop left by its condition or by `goto cleanup' on an Allreduce'd error flag, `if (rank == 0) printf' in the body, collectives after the loop that the goto skips
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int rank, size;
  long step, steps;
  double *field;
  int n;
} sim_t;

static int advance(sim_t *s) {
  for (int i = 0; i < s->n; i++)
    s->field[i] = 0.5 * s->field[i] + s->rank;
  return s->field[0] < 0.0; /* an error no process meets */
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  sim_t s = {0};
  MPI_Comm_rank(MPI_COMM_WORLD, &s.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &s.size);
  s.steps = 5;
  s.n = 100;
  s.field = calloc(s.n, sizeof *s.field);
  int status = 0, failed, any_failed;
  while (s.step < s.steps) {
    s.step++;
    failed = advance(&s);
    MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (any_failed) {
      status = 1;
      goto cleanup;
    }
    if (s.rank == 0)
      printf("step %ld of %ld\n", s.step, s.steps);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  double local = s.field[0], total;
  MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (s.rank == 0)
    printf("total %g\n", total);
cleanup:
  free(s.field);
  MPI_Finalize();
  return status;
}
