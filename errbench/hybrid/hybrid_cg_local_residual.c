/* The erroneous twin of correct/hybrid_cg_funneled.c: the convergence
 * test reads this process's part of the residual (local_rho, what the
 * `omp for' reduction merged, before the MPI_Allreduce) instead of the
 * global residual every process got from the MPI_Allreduce.
 *
 * What is wrong: processes whose part falls below the tolerance first
 * leave the iteration loop while the others go on to the next halo
 * exchange and MPI_Allreduce: the collectives no longer match (line 94,
 * blamed on the loop exits at lines 115 and 80).  Within a process too:
 * the master zeroes local_rho at the top of the next iteration while the
 * other threads may still be testing it, so threads of the team may
 * leave the loop at different iterations and miss barriers (line 86).
 * With this right-hand side the parts fall together, so the runs are not
 * checked: the compile-time warnings are the point (the value a
 * reduction merges must stay process-dependent, however precisely the
 * shared-data record is followed).
 *
 * description: NAS CG-like hybrid solver whose convergence test reads the local residual: warned
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-warning: 86 omp-collective
 * expect-warning: 94 collective-mismatch
 * expect-conditional: 80
 * expect-conditional: 115
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS 4000
#define MAX_ITERATIONS 60

typedef struct {
  MPI_Comm comm;
  int rank, size, left, right;
  double *x, *r, *p, *q;   /* p has one ghost cell on each side */
} solver_t;

static void exchange_halo(solver_t *s)
{
  MPI_Sendrecv(&s->p[1], 1, MPI_DOUBLE, s->left, 0, &s->p[ROWS + 1], 1, MPI_DOUBLE, s->right, 0,
               s->comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&s->p[ROWS], 1, MPI_DOUBLE, s->right, 1, &s->p[0], 1, MPI_DOUBLE, s->left, 1,
               s->comm, MPI_STATUS_IGNORE);
}

static double global_sum(solver_t *s, double local)
{
  double global;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, s->comm);
  return global;
}

int main(int argc, char **argv)
{
  int provided;
  solver_t s;
  double rho, rho0, alpha, beta, pq, rho_new, local_pq, local_rho;
  int iterations = 0;

  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 2);
  s.comm = MPI_COMM_WORLD;
  MPI_Comm_rank(s.comm, &s.rank);
  MPI_Comm_size(s.comm, &s.size);
  s.left = s.rank > 0 ? s.rank - 1 : MPI_PROC_NULL;
  s.right = s.rank < s.size - 1 ? s.rank + 1 : MPI_PROC_NULL;
  s.x = calloc(ROWS, sizeof(double));
  s.r = malloc(ROWS * sizeof(double));
  s.q = malloc(ROWS * sizeof(double));
  s.p = calloc(ROWS + 2, sizeof(double));
  for (int i = 0; i < ROWS; i++)
    s.r[i] = s.p[i + 1] = 1.0;   /* b = 1, x0 = 0 */
  rho = rho0 = global_sum(&s, (double)ROWS);

#pragma omp parallel shared(rho, alpha, beta, pq, rho_new, iterations, local_pq, local_rho)
  {
    for (int it = 0; it < MAX_ITERATIONS; it++) {
#pragma omp master
      {
        exchange_halo(&s);
        local_pq = local_rho = 0.0;
      }
#pragma omp barrier
#pragma omp for reduction(+ : local_pq)
      for (int i = 0; i < ROWS; i++) {
        s.q[i] = 2.1 * s.p[i + 1] - s.p[i] - s.p[i + 2];
        local_pq += s.p[i + 1] * s.q[i];
      }
#pragma omp master
      {
        pq = global_sum(&s, local_pq);
        alpha = rho / pq;
      }
#pragma omp barrier
#pragma omp for reduction(+ : local_rho)
      for (int i = 0; i < ROWS; i++) {
        s.x[i] += alpha * s.p[i + 1];
        s.r[i] -= alpha * s.q[i];
        local_rho += s.r[i] * s.r[i];
      }
#pragma omp master
      {
        rho_new = global_sum(&s, local_rho);
        beta = rho_new / rho;
        rho = rho_new;
        iterations = it + 1;
      }
#pragma omp barrier
#pragma omp for
      for (int i = 0; i < ROWS; i++)
        s.p[i + 1] = s.r[i] + beta * s.p[i + 1];
      if (local_rho < 1e-20 * rho0)   /* this process's part only: differs */
        break;
    }
  }

  if (!(rho < 1e-6 * rho0) || iterations < 1) {
    fprintf(stderr, "rank %d: no convergence (%g after %d)\n", s.rank, rho, iterations);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  free(s.x);
  free(s.r);
  free(s.p);
  free(s.q);
  MPI_Finalize();
  return 0;
}
