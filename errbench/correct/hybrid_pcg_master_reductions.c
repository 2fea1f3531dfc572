/* HPCG/miniFE-like conjugate gradient, MPI_THREAD_FUNNELED (issue 14).
 * Kernels are `omp parallel for' loops with `if (n > 256)' clauses; dot
 * products reduce in the team, then across processes with MPI_Allreduce
 * on the main thread.  A second solver keeps one parallel region around
 * the iterations: `omp for schedule(dynamic) nowait', an explicit
 * barrier, the master's MPI_Allreduce into a shared variable (rr, pap,
 * rr_new: passed to the region by address, since MPI_Allreduce takes
 * theirs), a barrier, and the loop test `sqrt(rr) > tol' read by every
 * thread.  Between the master's write and the next one every thread
 * passes a barrier before and after its read, so all threads (and all
 * processes) read the same value.  Input validation is agreed with
 * MPI_Allreduce(MPI_LOR) before an early return.  The two solvers must
 * need about as many iterations (the residual must fall).
 *
 * Before the fix: collective-mismatch warning at the master's
 * MPI_Allreduce and omp-collective warning on the region's barriers,
 * both blamed on the loop test (`rr' taken as written concurrently by
 * the team: a shared variable passed by address was never checked
 * against the barrier phases, and unknown stores through cg->x were
 * taken to reach it).
 *
 * description: HPCG-like CG: parallel for if(), allreduce dot products, a region with dynamic nowait loops, barrier, master MPI_Allreduce into shared scalars, MPI_LOR error flags
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 2 ok threads=4 repeat=2
 * expect-run: 1 ok threads=2
 * expect-run: 3 ok threads=2
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXIT 40

typedef struct {
  MPI_Comm comm;
  int rank, size, left, right, n;
  double *x, *b, *r, *p, *ap; /* p has ghost cells p[0], p[n+1] */
} cg_t;

static double dot(cg_t *cg, const double *a, const double *b)
{
  double local = 0.0, global = 0.0;
  int i;
#pragma omp parallel for reduction(+ : local) if (cg->n > 256)
  for (i = 0; i < cg->n; i++)
    local += a[i] * b[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, cg->comm);
  return global;
}

static void halo(cg_t *cg)
{
  MPI_Sendrecv(&cg->p[1], 1, MPI_DOUBLE, cg->left, 0, &cg->p[cg->n + 1], 1, MPI_DOUBLE,
               cg->right, 0, cg->comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&cg->p[cg->n], 1, MPI_DOUBLE, cg->right, 1, &cg->p[0], 1, MPI_DOUBLE,
               cg->left, 1, cg->comm, MPI_STATUS_IGNORE);
}

static void spmv(cg_t *cg)
{
  int i;
  halo(cg);
#pragma omp parallel for schedule(static) if (cg->n > 256)
  for (i = 1; i <= cg->n; i++)
    cg->ap[i - 1] = 2.5 * cg->p[i] - cg->p[i - 1] - cg->p[i + 1];
}

/* Returns 0 on success, -1 when some process got bad input. */
static int setup(cg_t *cg, int n)
{
  int bad, any_bad = 0, i;
  bad = n <= 0 || n > 1000000;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_LOR, cg->comm);
  if (any_bad)
    return -1;
  cg->n = n;
  cg->x = calloc(n, sizeof(double));
  cg->b = malloc(n * sizeof(double));
  cg->r = malloc(n * sizeof(double));
  cg->p = calloc(n + 2, sizeof(double));
  cg->ap = malloc(n * sizeof(double));
  bad = !cg->x || !cg->b || !cg->r || !cg->p || !cg->ap;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_LOR, cg->comm);
  if (any_bad)
    return -1;
#pragma omp parallel for if (n > 256)
  for (i = 0; i < n; i++)
    cg->b[i] = 1.0 + (cg->rank + i) % 3;
  return 0;
}

static int cg_solve(cg_t *cg, double tol)
{
  int it, i, n = cg->n;
  double rr, rr_new, alpha, pap;
#pragma omp parallel for if (n > 256)
  for (i = 0; i < n; i++) {
    cg->r[i] = cg->b[i];
    cg->p[i + 1] = cg->r[i];
  }
  rr = dot(cg, cg->r, cg->r);
  for (it = 0; it < MAXIT && sqrt(rr) > tol; it++) {
    spmv(cg);
    pap = dot(cg, cg->p + 1, cg->ap);
    alpha = rr / pap;
#pragma omp parallel for if (n > 256)
    for (i = 0; i < n; i++) {
      cg->x[i] += alpha * cg->p[i + 1];
      cg->r[i] -= alpha * cg->ap[i];
    }
    rr_new = dot(cg, cg->r, cg->r);
#pragma omp parallel for if (n > 256)
    for (i = 0; i < n; i++)
      cg->p[i + 1] = cg->r[i] + (rr_new / rr) * cg->p[i + 1];
    rr = rr_new;
  }
  return it;
}

/* The same iteration inside one region: dynamic loops without their
 * barrier, explicit barrier, master reduction, barrier. */
static int cg_solve_region(cg_t *cg, double tol)
{
  int n = cg->n, iterations = 0;
  double rr = 0.0, rr_new = 0.0, pap = 0.0, local = 0.0;
#pragma omp parallel shared(rr, rr_new, pap, local, iterations)
  {
    int i, it;
#pragma omp for schedule(dynamic, 64)
    for (i = 0; i < n; i++) {
      cg->x[i] = 0.0;
      cg->r[i] = cg->b[i];
      cg->p[i + 1] = cg->r[i];
    }
#pragma omp for schedule(dynamic, 64) reduction(+ : local) nowait
    for (i = 0; i < n; i++)
      local += cg->r[i] * cg->r[i];
#pragma omp barrier
#pragma omp master
    {
      MPI_Allreduce(&local, &rr, 1, MPI_DOUBLE, MPI_SUM, cg->comm);
      local = 0.0;
    }
#pragma omp barrier
    for (it = 0; it < MAXIT && sqrt(rr) > tol; it++) {
#pragma omp master
      halo(cg);
#pragma omp barrier
#pragma omp for schedule(dynamic, 64) reduction(+ : local) nowait
      for (i = 1; i <= n; i++) {
        cg->ap[i - 1] = 2.5 * cg->p[i] - cg->p[i - 1] - cg->p[i + 1];
        local += cg->p[i] * cg->ap[i - 1];
      }
#pragma omp barrier
#pragma omp master
      {
        MPI_Allreduce(&local, &pap, 1, MPI_DOUBLE, MPI_SUM, cg->comm);
        local = 0.0;
      }
#pragma omp barrier
#pragma omp for schedule(dynamic, 64) reduction(+ : local) nowait
      for (i = 0; i < n; i++) {
        cg->x[i] += (rr / pap) * cg->p[i + 1];
        cg->r[i] -= (rr / pap) * cg->ap[i];
        local += cg->r[i] * cg->r[i];
      }
#pragma omp barrier
#pragma omp master
      {
        MPI_Allreduce(&local, &rr_new, 1, MPI_DOUBLE, MPI_SUM, cg->comm);
        local = 0.0;
      }
#pragma omp barrier
#pragma omp for schedule(dynamic, 64)
      for (i = 0; i < n; i++)
        cg->p[i + 1] = cg->r[i] + (rr_new / rr) * cg->p[i + 1];
#pragma omp single
      {
        rr = rr_new;
        iterations++;
      }
    }
  }
  return iterations;
}

int main(int argc, char **argv)
{
  int provided, it1, it2;
  cg_t cg;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  cg.comm = MPI_COMM_WORLD;
  MPI_Comm_rank(cg.comm, &cg.rank);
  MPI_Comm_size(cg.comm, &cg.size);
  cg.left = cg.rank > 0 ? cg.rank - 1 : MPI_PROC_NULL;
  cg.right = cg.rank < cg.size - 1 ? cg.rank + 1 : MPI_PROC_NULL;
  if (setup(&cg, argc > 1 ? atoi(argv[1]) : 1000) != 0) {
    MPI_Finalize();
    return 1;
  }
  it1 = cg_solve(&cg, 1e-8);
  it2 = cg_solve_region(&cg, 1e-8);
  if (cg.rank == 0)
    printf("cg: %d and %d iterations\n", it1, it2);
  if (it1 < 2 || it2 < 2 || it1 - it2 > 2 || it2 - it1 > 2)
    MPI_Abort(MPI_COMM_WORLD, 3);
  free(cg.x); free(cg.b); free(cg.r); free(cg.p); free(cg.ap);
  MPI_Finalize();
  return 0;
}
