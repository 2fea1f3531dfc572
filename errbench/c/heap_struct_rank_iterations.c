/* The erroneous twin of correct/heap_struct_solver.c: main sets the
 * iteration limit in the heap block from the rank (and a tolerance no
 * residual reaches).
 *
 * What is wrong: s->max_iter is 3 + rank, so the loop of line 39 calls
 * solver_step(), which runs MPI_Allreduce, a different number of times on
 * each process.  The field read by the loop is the one main wrote from
 * the rank: warned at the call (line 40), and the run-time check stops the
 * program.
 *
 * description: twin of heap_struct_solver.c with an iteration limit from the rank stored in the heap block: warned, stops
 * expect-warning: 40 collective-mismatch
 * expect-conditional: 39
 * expect-run: 2 stop
 * expect-run: 1 ok
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
typedef struct { MPI_Comm comm; int rank, size, iter, max_iter; double tol, res, *u; int n; } solver_t;
static void solver_init(solver_t *s, MPI_Comm comm, int n) {
  s->comm = comm; MPI_Comm_rank(comm, &s->rank); MPI_Comm_size(comm, &s->size);
  s->n = n; s->iter = 0; s->max_iter = 100; s->tol = 1e-6; s->res = 1.0;
  s->u = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++) s->u[i] = s->rank + 1.0;
}
static void solver_step(solver_t *s) {
  double local = 0.0;
  for (int i = 0; i < s->n; i++) { s->u[i] *= 0.5; local += s->u[i] * s->u[i]; }
  MPI_Allreduce(&local, &s->res, 1, MPI_DOUBLE, MPI_SUM, s->comm);
  s->iter++;
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  solver_t *s = malloc(sizeof *s);
  solver_init(s, MPI_COMM_WORLD, 100);
  s->tol = -1.0;
  s->max_iter = 3 + s->rank;
  while (s->res > s->tol && s->iter < s->max_iter)
    solver_step(s);
  if (s->rank == 0) printf("%d iterations\n", s->iter);
  free(s->u); free(s);
  MPI_Finalize();
  return 0;
}
