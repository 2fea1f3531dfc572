/* A NAS MG-like pure MPI kernel: a recursive V-cycle on a 1-D Poisson
 * problem distributed by blocks (each process owns the same number of
 * points on every level), halos by MPI_Sendrecv with MPI_PROC_NULL at the
 * ends of the domain, NAS-style timers (a static table filled by
 * MPI_Wtime), a problem class taken from argv by a switch, a timer switch
 * read by rank 0 from the environment and broadcast, norms by
 * MPI_Allreduce (SUM and MAX), verification of the residual's decrease on
 * every process, timers reduced to rank 0 with MPI_Reduce and printed
 * there only.  Nothing to warn, nothing to stop.
 *
 * description: NAS MG-like kernel: recursive V-cycle over levels, Sendrecv halos, NAS timers, class from argv, broadcast timer switch, verification after Allreduce, rank-0 report
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEVELS 12
enum { T_TOTAL, T_SMOOTH, T_RESID, T_COMM, T_NORM, T_LAST };
static const char *timer_names[T_LAST] = {"total", "smooth", "resid", "comm", "norm"};

static double timer_start_time[T_LAST];
static double timer_elapsed[T_LAST];

static void timer_clear(int t) { timer_elapsed[t] = 0.0; }
static void timer_start(int t) { timer_start_time[t] = MPI_Wtime(); }
static void timer_stop(int t) { timer_elapsed[t] += MPI_Wtime() - timer_start_time[t]; }

typedef struct {
  int points;         /* local interior points on this level */
  double h2;          /* square of the global mesh width */
  double *u, *f, *r;  /* interior 1..points, ghosts 0 and points + 1 */
} level_t;

typedef struct {
  MPI_Comm comm;
  int rank, size, left, right;
  int nlevels;
  level_t level[MAX_LEVELS];
} grid_t;

static void exchange(grid_t *g, double *v, int points)
{
  timer_start(T_COMM);
  v[0] = 0.0;              /* Dirichlet boundary where there is no neighbour */
  v[points + 1] = 0.0;
  MPI_Sendrecv(&v[points], 1, MPI_DOUBLE, g->right, 10, &v[0], 1, MPI_DOUBLE, g->left, 10,
               g->comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&v[1], 1, MPI_DOUBLE, g->left, 11, &v[points + 1], 1, MPI_DOUBLE, g->right, 11,
               g->comm, MPI_STATUS_IGNORE);
  timer_stop(T_COMM);
}

static void smooth(grid_t *g, int k, int sweeps)
{
  level_t *lv = &g->level[k];
  double *tmp = malloc((lv->points + 2) * sizeof *tmp);
  for (int s = 0; s < sweeps; s++) {
    exchange(g, lv->u, lv->points);
    timer_start(T_SMOOTH);
    for (int i = 1; i <= lv->points; i++)
      tmp[i] = 0.5 * (lv->u[i - 1] + lv->u[i + 1] + lv->h2 * lv->f[i]);
    for (int i = 1; i <= lv->points; i++)
      lv->u[i] = lv->u[i] + 0.8 * (tmp[i] - lv->u[i]);   /* weighted Jacobi */
    timer_stop(T_SMOOTH);
  }
  free(tmp);
}

static void residual(grid_t *g, int k)
{
  level_t *lv = &g->level[k];
  exchange(g, lv->u, lv->points);
  timer_start(T_RESID);
  for (int i = 1; i <= lv->points; i++)
    lv->r[i] = lv->f[i] - (2.0 * lv->u[i] - lv->u[i - 1] - lv->u[i + 1]) / lv->h2;
  timer_stop(T_RESID);
}

static void vcycle(grid_t *g, int k)
{
  level_t *fine = &g->level[k];
  if (k == 0) {                 /* coarsest level: smooth hard */
    smooth(g, 0, 60);
    return;
  }
  smooth(g, k, 2);
  residual(g, k);
  exchange(g, fine->r, fine->points);
  level_t *coarse = &g->level[k - 1];
  for (int j = 1; j <= coarse->points; j++) {
    coarse->f[j] = 0.25 * (fine->r[2 * j - 1] + 2.0 * fine->r[2 * j] + fine->r[2 * j + 1]);
    coarse->u[j] = 0.0;
  }
  vcycle(g, k - 1);
  exchange(g, coarse->u, coarse->points);
  for (int j = 1; j <= coarse->points; j++) {
    fine->u[2 * j] += coarse->u[j];
    fine->u[2 * j - 1] += 0.5 * (coarse->u[j - 1] + coarse->u[j]);
  }
  smooth(g, k, 2);
}

/* Global L2 norm and maximum of the finest residual (NAS norm2u3). */
static void norm2u3(grid_t *g, double *rnm2, double *rnmu)
{
  level_t *lv = &g->level[g->nlevels - 1];
  double local[2] = {0.0, 0.0}, sum, max;
  timer_start(T_NORM);
  for (int i = 1; i <= lv->points; i++) {
    local[0] += lv->r[i] * lv->r[i];
    if (fabs(lv->r[i]) > local[1])
      local[1] = fabs(lv->r[i]);
  }
  MPI_Allreduce(&local[0], &sum, 1, MPI_DOUBLE, MPI_SUM, g->comm);
  MPI_Allreduce(&local[1], &max, 1, MPI_DOUBLE, MPI_MAX, g->comm);
  *rnm2 = sqrt(sum / ((double)lv->points * g->size));
  *rnmu = max;
  timer_stop(T_NORM);
}

static void setup(grid_t *g, int finest_points, int nlevels)
{
  g->comm = MPI_COMM_WORLD;
  MPI_Comm_rank(g->comm, &g->rank);
  MPI_Comm_size(g->comm, &g->size);
  g->left = g->rank > 0 ? g->rank - 1 : MPI_PROC_NULL;
  g->right = g->rank < g->size - 1 ? g->rank + 1 : MPI_PROC_NULL;
  g->nlevels = nlevels;
  for (int k = nlevels - 1, points = finest_points; k >= 0; k--, points /= 2) {
    level_t *lv = &g->level[k];
    double h = 1.0 / ((double)points * g->size + 1.0);
    lv->points = points;
    lv->h2 = h * h;
    lv->u = calloc(points + 2, sizeof(double));
    lv->f = calloc(points + 2, sizeof(double));
    lv->r = calloc(points + 2, sizeof(double));
  }
  level_t *finest = &g->level[nlevels - 1];
  for (int i = 1; i <= finest->points; i++) {
    int global = g->rank * finest->points + i;
    finest->f[i] = (global % 7 == 0) ? 1.0 : (global % 11 == 0 ? -1.0 : 0.0);
  }
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  grid_t g;
  char problem_class = argc > 1 ? argv[1][0] : 'S';
  int points, nlevels, iterations;
  switch (problem_class) {
  case 'S': points = 64;  nlevels = 3; iterations = 4; break;
  case 'W': points = 128; nlevels = 3; iterations = 4; break;
  case 'A': points = 256; nlevels = 3; iterations = 6; break;
  default:
    fprintf(stderr, "unknown class %c\n", problem_class);
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
  setup(&g, points, nlevels);

  int timeron = 0;
  if (g.rank == 0) {
    const char *env = getenv("MG_TIMERS");
    timeron = env != NULL && strcmp(env, "0") != 0;
  }
  MPI_Bcast(&timeron, 1, MPI_INT, 0, g.comm);

  for (int t = 0; t < T_LAST; t++)
    timer_clear(t);
  double rnm2_initial, rnm2, rnmu;
  residual(&g, nlevels - 1);
  norm2u3(&g, &rnm2_initial, &rnmu);

  MPI_Barrier(g.comm);
  timer_start(T_TOTAL);
  for (int it = 1; it <= iterations; it++) {
    vcycle(&g, nlevels - 1);
    residual(&g, nlevels - 1);
    if (timeron) {
      norm2u3(&g, &rnm2, &rnmu);
      if (g.rank == 0)
        printf("  iter %2d  L2 %.6e  max %.6e\n", it, rnm2, rnmu);
    }
  }
  norm2u3(&g, &rnm2, &rnmu);
  timer_stop(T_TOTAL);

  int verified = rnm2 < 0.25 * rnm2_initial && rnmu > 0.0;
  if (!verified) {
    if (g.rank == 0)
      fprintf(stderr, "verification failed: %e -> %e\n", rnm2_initial, rnm2);
    MPI_Abort(g.comm, 2);
  }

  double max_elapsed[T_LAST];
  MPI_Reduce(timer_elapsed, max_elapsed, T_LAST, MPI_DOUBLE, MPI_MAX, 0, g.comm);
  if (g.rank == 0) {
    printf(" MG class %c, %d processes, %d iterations: VERIFIED (L2 %.3e -> %.3e)\n",
           problem_class, g.size, iterations, rnm2_initial, rnm2);
    if (timeron)
      for (int t = 0; t < T_LAST; t++)
        printf("  %-8s %10.6f s\n", timer_names[t], max_elapsed[t]);
  }
  for (int k = 0; k < nlevels; k++) {
    free(g.level[k].u);
    free(g.level[k].f);
    free(g.level[k].r);
  }
  MPI_Finalize();
  return 0;
}
