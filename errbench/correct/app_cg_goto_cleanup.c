/* A distributed conjugate-gradient solver for a 1-D Laplacian in the
 * style of C library codes: every function returns an error code, the
 * allocation failures of each process are agreed with MPI_Allreduce(MPI_MAX)
 * before anyone leaves, error paths jump to a `cleanup:' label with `goto',
 * the dot products go through MPI_Allreduce, the iteration ends on
 * `while (rnorm > tol && iter < maxit)' with rnorm reduced, `if (nprocs > 1)'
 * guards the halo exchange, and an unrecoverable state calls MPI_Abort.
 * Timers are reduced to rank 0, which alone prints.  Nothing to warn,
 * nothing to stop.
 *
 * description: CG with goto-cleanup error handling, allreduced error flags and early returns, convergence loop on an allreduced norm, nprocs > 1 halo path, MPI_Abort on error
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 4 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ERR_OK 0
#define ERR_NOMEM 1
#define ERR_DIVERGED 2

typedef struct {
  MPI_Comm comm;
  int rank, nprocs;
  int n_local;
  double *work;
} solver_t;

static int agree_error(int local_err, MPI_Comm comm)
{
  int global_err = ERR_OK;
  MPI_Allreduce(&local_err, &global_err, 1, MPI_INT, MPI_MAX, comm);
  return global_err;
}

static double dot(const double *a, const double *b, int n, MPI_Comm comm)
{
  double local = 0.0, global = 0.0;
  for (int i = 0; i < n; i++)
    local += a[i] * b[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

/* y = A x with A = tridiag(-1, 2, -1), x has ghosts x[-1] and x[n] */
static void matvec(solver_t *s, double *x, double *y)
{
  int n = s->n_local;
  x[-1] = 0.0;
  x[n] = 0.0;
  if (s->nprocs > 1) {
    int left = s->rank > 0 ? s->rank - 1 : MPI_PROC_NULL;
    int right = s->rank < s->nprocs - 1 ? s->rank + 1 : MPI_PROC_NULL;
    MPI_Sendrecv(&x[0], 1, MPI_DOUBLE, left, 1, &x[n], 1, MPI_DOUBLE, right,
                 1, s->comm, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&x[n - 1], 1, MPI_DOUBLE, right, 2, &x[-1], 1, MPI_DOUBLE,
                 left, 2, s->comm, MPI_STATUS_IGNORE);
  }
  for (int i = 0; i < n; i++)
    y[i] = 2.0 * x[i] - x[i - 1] - x[i + 1];
}

static int cg_solve(solver_t *s, const double *b, double *x, double tol,
                    int maxit, int *iters)
{
  int n = s->n_local;
  int err = ERR_OK;
  double *r = NULL, *p = NULL, *q = NULL;

  r = malloc(n * sizeof *r);
  p = malloc((n + 2) * sizeof *p);
  q = malloc(n * sizeof *q);
  if (!r || !p || !q)
    err = ERR_NOMEM;
  err = agree_error(err, s->comm);
  if (err != ERR_OK)
    goto cleanup;

  double *pp = p + 1;
  for (int i = 0; i < n; i++) {
    x[i] = 0.0;
    r[i] = b[i];
    pp[i] = r[i];
  }
  double rho = dot(r, r, n, s->comm);
  double rnorm = sqrt(rho);
  double bnorm = rnorm;
  int iter = 0;
  while (rnorm > tol * bnorm && iter < maxit) {
    matvec(s, pp, q);
    double pq = dot(pp, q, n, s->comm);
    if (pq <= 0.0) {
      err = ERR_DIVERGED;
      goto cleanup;
    }
    double alpha = rho / pq;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * pp[i];
      r[i] -= alpha * q[i];
    }
    double rho_new = dot(r, r, n, s->comm);
    double beta = rho_new / rho;
    rho = rho_new;
    for (int i = 0; i < n; i++)
      pp[i] = r[i] + beta * pp[i];
    rnorm = sqrt(rho);
    iter++;
  }
  *iters = iter;

cleanup:
  free(r);
  free(p);
  free(q);
  return err;
}

static int solver_setup(solver_t *s, MPI_Comm comm, int n_global)
{
  int err = ERR_OK;
  MPI_Comm_dup(comm, &s->comm);
  MPI_Comm_rank(s->comm, &s->rank);
  MPI_Comm_size(s->comm, &s->nprocs);
  s->n_local = n_global / s->nprocs + (s->rank < n_global % s->nprocs);
  s->work = malloc((s->n_local + 2) * sizeof(double));
  if (s->work == NULL)
    err = ERR_NOMEM;
  if (agree_error(err, s->comm) != ERR_OK) {
    free(s->work);
    MPI_Comm_free(&s->comm);
    return ERR_NOMEM;
  }
  return ERR_OK;
}

int main(int argc, char **argv)
{
  int rank, nprocs, iters = 0, status = 0;
  solver_t s;
  double t0, t1, tmax;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

  if (solver_setup(&s, MPI_COMM_WORLD, 200) != ERR_OK) {
    fprintf(stderr, "rank %d: setup failed\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  double *b = malloc(s.n_local * sizeof *b);
  double *x = malloc(s.n_local * sizeof *x);
  for (int i = 0; i < s.n_local; i++)
    b[i] = 1.0;

  t0 = MPI_Wtime();
  int err = cg_solve(&s, b, x, 1e-10, 500, &iters);
  t1 = MPI_Wtime() - t0;
  if (err != ERR_OK) {
    if (rank == 0)
      fprintf(stderr, "CG failed with error %d\n", err);
    status = 1;
    goto done;
  }

  /* residual check: || b - A x || */
  double *ax = malloc(s.n_local * sizeof *ax);
  for (int i = 0; i < s.n_local; i++)
    s.work[i + 1] = x[i];
  matvec(&s, s.work + 1, ax);
  for (int i = 0; i < s.n_local; i++)
    ax[i] = b[i] - ax[i];
  double res = sqrt(dot(ax, ax, s.n_local, s.comm));
  free(ax);

  MPI_Reduce(&t1, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    printf("CG: %d iterations, residual %.3e, %.4f s\n", iters, res, tmax);
    if (res > 1e-6)
      status = 1;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);

done:
  free(b);
  free(x);
  free(s.work);
  MPI_Comm_free(&s.comm);
  MPI_Finalize();
  return status;
}
