/* CG-like solver: conjugate gradient on a shifted 2-D five-point Laplacian,
 * the grid lines distributed by blocks over the processes.
 *
 * Rank 0 parses the command line (or takes the defaults), checks the sizes
 * and broadcasts them; a bad size ends the job with MPI_Abort.  The
 * matrix-vector product exchanges one grid line with each neighbour by
 * MPI_Sendrecv (MPI_PROC_NULL at the ends), every dot product is an
 * MPI_Allreduce, and the iteration stops on the allreduced residual norm or
 * on the broadcast iteration limit, so every process runs the same number of
 * iterations.  The right-hand side is built from a known solution; the
 * final check compares with it (maximum error, MPI_Allreduce with MPI_MAX)
 * and the slowest process' time is reduced to rank 0.
 *
 * Correct program: every collective is reached by every process, in the
 * same order, with the same arguments.
 *
 * description: CG-like solver: allreduced dot products, convergence loop on the residual norm, broadcast parameters, MPI_Sendrecv halos
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 3 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_NX 96
#define DEFAULT_NY 96
#define DEFAULT_MAXIT 500
#define DEFAULT_TOL 1.0e-10
#define SHIFT 0.05 /* diagonal shift: keeps the system well conditioned */

struct params {
  int nx;    /* points per grid line */
  int ny;    /* grid lines */
  int maxit; /* iteration limit */
  double tol;
};

struct slab {
  int nx;
  int first; /* global index of the first owned grid line */
  int lines; /* owned grid lines */
  int up, down; /* neighbour ranks, MPI_PROC_NULL at the domain ends */
};

static void read_params(int argc, char **argv, struct params *p)
{
  p->nx = DEFAULT_NX;
  p->ny = DEFAULT_NY;
  p->maxit = DEFAULT_MAXIT;
  p->tol = DEFAULT_TOL;
  if (argc > 1)
    p->nx = atoi(argv[1]);
  if (argc > 2)
    p->ny = atoi(argv[2]);
  if (argc > 3)
    p->maxit = atoi(argv[3]);
  if (argc > 4)
    p->tol = atof(argv[4]);
}

/* Rank 0 owns the parameters; everybody else learns them here. */
static void share_params(struct params *p, MPI_Comm comm)
{
  int sizes[3];

  sizes[0] = p->nx;
  sizes[1] = p->ny;
  sizes[2] = p->maxit;
  MPI_Bcast(sizes, 3, MPI_INT, 0, comm);
  MPI_Bcast(&p->tol, 1, MPI_DOUBLE, 0, comm);
  p->nx = sizes[0];
  p->ny = sizes[1];
  p->maxit = sizes[2];
}

static void decompose(const struct params *p, int rank, int nprocs, struct slab *s)
{
  int base = p->ny / nprocs, extra = p->ny % nprocs;

  s->nx = p->nx;
  s->lines = base + (rank < extra ? 1 : 0);
  s->first = rank * base + (rank < extra ? rank : extra);
  s->up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  s->down = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
}

/* Vectors hold lines+2 grid lines: one ghost line on each side. */
#define AT(v, s, i, j) ((v)[(size_t)((j) + 1) * (s)->nx + (i)])

static void exchange_halo(double *v, const struct slab *s, MPI_Comm comm)
{
  int nx = s->nx;

  /* first owned line up, ghost line below from the neighbour below */
  MPI_Sendrecv(&AT(v, s, 0, 0), nx, MPI_DOUBLE, s->up, 11,
               &AT(v, s, 0, s->lines), nx, MPI_DOUBLE, s->down, 11,
               comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&AT(v, s, 0, s->lines - 1), nx, MPI_DOUBLE, s->down, 12,
               &AT(v, s, 0, -1), nx, MPI_DOUBLE, s->up, 12,
               comm, MPI_STATUS_IGNORE);
}

/* q = A p, A = (4 + SHIFT) I - neighbours, zero Dirichlet boundary. */
static void matvec(double *p, double *q, const struct slab *s, MPI_Comm comm)
{
  int i, j, nx = s->nx;

  exchange_halo(p, s, comm);
  for (j = 0; j < s->lines; j++)
    for (i = 0; i < nx; i++) {
      double sum = (4.0 + SHIFT) * AT(p, s, i, j);
      if (i > 0)
        sum -= AT(p, s, i - 1, j);
      if (i < nx - 1)
        sum -= AT(p, s, i + 1, j);
      sum -= AT(p, s, i, j - 1);
      sum -= AT(p, s, i, j + 1);
      AT(q, s, i, j) = sum;
    }
}

static double dot(const double *a, const double *b, const struct slab *s, MPI_Comm comm)
{
  double local = 0.0, global;
  size_t k, begin = (size_t)s->nx, end = (size_t)(s->lines + 1) * s->nx;

  for (k = begin; k < end; k++)
    local += a[k] * b[k];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  return global;
}

static double exact_solution(int i, int j, int nx, int ny)
{
  double x = (i + 1.0) / (nx + 1.0), y = (j + 1.0) / (ny + 1.0);
  return x * (1.0 - x) * y * (1.0 - y) * (1.0 + x * y);
}

int main(int argc, char **argv)
{
  struct params prm;
  struct slab s;
  int rank, nprocs, i, j, it;
  size_t total;
  double *x, *r, *p, *q, *b;
  double rho, rho_old, alpha, beta, rnorm, rnorm0, local_err, max_err;
  double t0, elapsed, slowest;
  MPI_Comm comm = MPI_COMM_WORLD;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &nprocs);

  if (rank == 0) {
    read_params(argc, argv, &prm);
    if (prm.nx < 3 || prm.ny < nprocs || prm.maxit < 1 || !(prm.tol > 0.0)) {
      fprintf(stderr, "cg_poisson: bad sizes nx=%d ny=%d maxit=%d tol=%g for %d processes\n",
              prm.nx, prm.ny, prm.maxit, prm.tol, nprocs);
      MPI_Abort(comm, 2);
    }
  }
  share_params(&prm, comm);
  decompose(&prm, rank, nprocs, &s);

  total = (size_t)(s.lines + 2) * s.nx;
  x = calloc(total, sizeof *x);
  r = calloc(total, sizeof *r);
  p = calloc(total, sizeof *p);
  q = calloc(total, sizeof *q);
  b = calloc(total, sizeof *b);
  if (!x || !r || !p || !q || !b) {
    fprintf(stderr, "cg_poisson: rank %d: out of memory\n", rank);
    MPI_Abort(comm, 3);
  }

  /* b = A u_exact, computed with the same operator as the solver */
  for (j = 0; j < s.lines; j++)
    for (i = 0; i < s.nx; i++)
      AT(p, &s, i, j) = exact_solution(i, s.first + j, prm.nx, prm.ny);
  matvec(p, b, &s, comm);

  MPI_Barrier(comm);
  t0 = MPI_Wtime();

  /* x = 0, r = p = b */
  memcpy(r, b, total * sizeof *r);
  memcpy(p, b, total * sizeof *p);
  rho = dot(r, r, &s, comm);
  rnorm0 = sqrt(rho);
  rnorm = rnorm0;
  it = 0;
  while (it < prm.maxit && rnorm > prm.tol * rnorm0) {
    matvec(p, q, &s, comm);
    alpha = rho / dot(p, q, &s, comm);
    for (j = 0; j < s.lines; j++)
      for (i = 0; i < s.nx; i++) {
        AT(x, &s, i, j) += alpha * AT(p, &s, i, j);
        AT(r, &s, i, j) -= alpha * AT(q, &s, i, j);
      }
    rho_old = rho;
    rho = dot(r, r, &s, comm);
    beta = rho / rho_old;
    for (j = 0; j < s.lines; j++)
      for (i = 0; i < s.nx; i++)
        AT(p, &s, i, j) = AT(r, &s, i, j) + beta * AT(p, &s, i, j);
    rnorm = sqrt(rho);
    it++;
    if (rank == 0 && it % 10 == 0)
      printf("  iteration %4d  residual %.6e\n", it, rnorm / rnorm0);
  }
  elapsed = MPI_Wtime() - t0;

  local_err = 0.0;
  for (j = 0; j < s.lines; j++)
    for (i = 0; i < s.nx; i++) {
      double e = fabs(AT(x, &s, i, j) - exact_solution(i, s.first + j, prm.nx, prm.ny));
      if (e > local_err)
        local_err = e;
    }
  MPI_Allreduce(&local_err, &max_err, 1, MPI_DOUBLE, MPI_MAX, comm);
  MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);

  if (rank == 0) {
    printf(" CG on %d x %d grid, %d processes\n", prm.nx, prm.ny, nprocs);
    printf(" iterations       = %d\n", it);
    printf(" relative residual= %.6e\n", rnorm / rnorm0);
    printf(" max error        = %.6e\n", max_err);
    printf(" time (slowest)   = %.4f s\n", slowest);
    printf(" verification     = %s\n", max_err < 1.0e-8 ? "SUCCESSFUL" : "FAILED");
  }

  free(x);
  free(r);
  free(p);
  free(q);
  free(b);
  MPI_Finalize();
  return max_err < 1.0e-8 ? 0 : 1;
}
