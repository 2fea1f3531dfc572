/* Mini-app for the overhead of PARCOACH's run-time checks: a 2-D Jacobi
   solver of the Poisson equation -lap(u) = 1 on the unit square, u = 0 on
   the boundary, MPI + OpenMP.

   The N x N interior grid is split into horizontal slabs of rows, one per
   process (the first N % P processes get one row more).  Every iteration:
     - halo exchange: each process swaps its first and last rows with its
       neighbours (MPI_Sendrecv, MPI_PROC_NULL at the edges);
     - the Jacobi sweep over the slab, an OpenMP parallel loop over the
       rows, which also sums the squared update locally (reduction);
     - MPI_Allreduce of that sum: the global residual, known to every
       process, as a convergence test would need it.
   MPI is called by the master thread only, outside the parallel regions:
   MPI_Init_thread (MPI_THREAD_FUNNELED).

   Usage: mpiexec -n P stencil
   The problem is fixed at compile time, as in the NAS Parallel Benchmarks:
   -DSTENCIL_N=N (grid, default 1024), -DSTENCIL_ITERATIONS=I (default 300).

   Prints one line on rank 0:
     stencil-c procs P threads T n N iterations I seconds S iteration M fast F residual R checksum C
   seconds: the slowest process's time for the iterations (after one
   warm-up iteration); iteration: the largest over the processes of the
   median time of one iteration (a figure that a few iterations slowed
   down by other programs on the machine do not move); fast: likewise, the
   10th percentile (the time of an iteration when no process was made to
   wait by the scheduler, on a loaded machine); residual: the last global
   residual; checksum: the sum of the solution (both identical with and
   without instrumentation).  */

#include <mpi.h>
#include <omp.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slab
{
  int n;          /* interior points per row (global N) */
  int rows;       /* interior rows of this process */
  int up, down;   /* neighbour ranks (MPI_PROC_NULL at the edges) */
  double h2;      /* h^2, h = 1 / (N + 1) */
  double *u, *v;  /* (rows + 2) x (n + 2): halo rows and boundary columns */
};

#ifndef STENCIL_N
#define STENCIL_N 1024
#endif
#ifndef STENCIL_ITERATIONS
#define STENCIL_ITERATIONS 300
#endif

#define AT(s, a, i, j) ((a)[(size_t) (i) * ((s)->n + 2) + (j)])

static void
exchange_halos (struct slab *s, MPI_Comm comm)
{
  int w = s->n + 2;
  /* First row up, lower halo from below; last row down, upper halo from
     above.  */
  MPI_Sendrecv (&AT (s, s->u, 1, 0), w, MPI_DOUBLE, s->up, 0,
                &AT (s, s->u, s->rows + 1, 0), w, MPI_DOUBLE, s->down, 0,
                comm, MPI_STATUS_IGNORE);
  MPI_Sendrecv (&AT (s, s->u, s->rows, 0), w, MPI_DOUBLE, s->down, 1,
                &AT (s, s->u, 0, 0), w, MPI_DOUBLE, s->up, 1,
                comm, MPI_STATUS_IGNORE);
}

/* One Jacobi sweep u -> v; returns this process's sum of (v - u)^2.  */
static double
sweep (struct slab *s)
{
  double local = 0.0;
  int i, j;

#pragma omp parallel for private (j) reduction (+:local) schedule (static)
  for (i = 1; i <= s->rows; i++)
    for (j = 1; j <= s->n; j++)
      {
        double next = 0.25 * (AT (s, s->u, i - 1, j) + AT (s, s->u, i + 1, j)
                              + AT (s, s->u, i, j - 1) + AT (s, s->u, i, j + 1)
                              + s->h2);
        double d = next - AT (s, s->u, i, j);
        AT (s, s->v, i, j) = next;
        local += d * d;
      }
  return local;
}

/* One iteration: halos, sweep, global residual.  */
static double
iterate (struct slab *s, MPI_Comm comm)
{
  double local, global, *t;

  exchange_halos (s, comm);
  local = sweep (s);
  MPI_Allreduce (&local, &global, 1, MPI_DOUBLE, MPI_SUM, comm);
  t = s->u;
  s->u = s->v;
  s->v = t;
  return sqrt (global);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, compare_doubles);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double
checksum (const struct slab *s, MPI_Comm comm)
{
  double local = 0.0, global = 0.0;
  int i, j;

#pragma omp parallel for private (j) reduction (+:local) schedule (static)
  for (i = 1; i <= s->rows; i++)
    for (j = 1; j <= s->n; j++)
      local += AT (s, s->u, i, j);
  MPI_Reduce (&local, &global, 1, MPI_DOUBLE, MPI_SUM, 0, comm);
  return global;
}

int
main (int argc, char **argv)
{
  int provided, rank, size, n, iterations, it;
  double residual = 0.0, t0, t, elapsed, slowest, sum, *times;
  double mid[2], mid_max[2];   /* median, 10th percentile */
  size_t cells;
  struct slab s;
  MPI_Comm comm = MPI_COMM_WORLD;

  MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    {
      fprintf (stderr, "stencil: MPI_THREAD_FUNNELED not provided\n");
      MPI_Abort (comm, 1);
    }
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  n = STENCIL_N;
  iterations = STENCIL_ITERATIONS;
  if (n < size || iterations < 1)
    {
      fprintf (stderr, "stencil: N = %d must be at least the number of processes,"
               " ITERATIONS = %d at least 1\n", n, iterations);
      MPI_Abort (comm, 1);
    }

  s.n = n;
  s.rows = n / size + (rank < n % size);
  s.up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  s.down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  s.h2 = 1.0 / ((double) (n + 1) * (n + 1));
  cells = (size_t) (s.rows + 2) * (n + 2);
  s.u = calloc (cells, sizeof *s.u);
  s.v = calloc (cells, sizeof *s.v);
  times = malloc ((size_t) iterations * sizeof *times);
  if (!s.u || !s.v || !times)
    {
      fprintf (stderr, "stencil: out of memory\n");
      MPI_Abort (comm, 1);
    }

  /* Warm-up (first touch, connections), then the timed iterations.  */
  iterate (&s, comm);
  MPI_Barrier (comm);
  t0 = MPI_Wtime ();
  for (it = 0; it < iterations; it++)
    {
      t = MPI_Wtime ();
      residual = iterate (&s, comm);
      times[it] = MPI_Wtime () - t;
    }
  elapsed = MPI_Wtime () - t0;
  mid[0] = median (times, iterations);    /* sorts times */
  mid[1] = times[iterations / 10];
  MPI_Reduce (&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, comm);
  MPI_Reduce (mid, mid_max, 2, MPI_DOUBLE, MPI_MAX, 0, comm);
  sum = checksum (&s, comm);

  if (rank == 0)
    printf ("stencil-c procs %d threads %d n %d iterations %d seconds %.6f "
            "iteration %.9f fast %.9f residual %.12e checksum %.12e\n",
            size, omp_get_max_threads (), n, iterations, slowest, mid_max[0],
            mid_max[1], residual, sum);
  free (times);
  free (s.u);
  free (s.v);
  MPI_Finalize ();
  return 0;
}
