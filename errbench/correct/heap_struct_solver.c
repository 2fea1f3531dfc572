/* A solver whose state is a struct allocated with malloc and handed by
 * pointer to set-up and step functions (communicator, rank, size,
 * iteration count and limits, the field): the loop in main tests the
 * residual every process got from MPI_Allreduce and the shared limits,
 * both read from the heap block; the rank stored beside them does not
 * make them differ.  Nothing to warn, nothing to stop.
 *
 * description: solver state in a malloc'd struct passed by pointer, loop in main on the reduced residual and iteration limits read from the heap block, rank stored beside them
 * expect-run: 2 ok
 * expect-run: 3 ok
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
  while (s->res > s->tol && s->iter < s->max_iter)
    solver_step(s);
  if (s->rank == 0) printf("%d iterations\n", s->iter);
  free(s->u); free(s);
  MPI_Finalize();
  return 0;
}
