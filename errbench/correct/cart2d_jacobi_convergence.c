/* A 2-D domain decomposition in C (pure MPI): MPI_Dims_create and
 * MPI_Cart_create (reorder allowed), rank and coordinates in the grid
 * communicator, neighbours by MPI_Cart_shift, a strided column datatype
 * (MPI_Type_vector) for the east/west halos, MPI_Sendrecv in both
 * directions, a Jacobi loop `while (global_err > tol && iter < max_iter)'
 * whose error every process got from MPI_Allreduce(MPI_MAX), progress
 * printed by the grid's rank 0, and the final field summed onto rank 0
 * with MPI_Gather for a checksum.  Nothing to warn, nothing to stop.
 *
 * description: 2-D Cartesian Jacobi in C: Dims_create/Cart_create/Cart_shift/Cart_coords, vector datatype halos, while (global_err > tol) after Allreduce(MAX), Gather checksum on rank 0
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 24           /* local interior points per direction */
#define NY 20
#define IDX(i, j) ((i) * (NY + 2) + (j))

typedef struct {
  MPI_Comm cart;
  int rank, nprocs, dims[2], coords[2];
  int north, south, west, east;
  MPI_Datatype column;
} decomposition_t;

static void decompose(decomposition_t *d)
{
  int periods[2] = {0, 0};
  MPI_Comm_size(MPI_COMM_WORLD, &d->nprocs);
  d->dims[0] = d->dims[1] = 0;
  MPI_Dims_create(d->nprocs, 2, d->dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, d->dims, periods, 1, &d->cart);
  MPI_Comm_rank(d->cart, &d->rank);
  MPI_Cart_coords(d->cart, d->rank, 2, d->coords);
  MPI_Cart_shift(d->cart, 0, 1, &d->north, &d->south);
  MPI_Cart_shift(d->cart, 1, 1, &d->west, &d->east);
  /* one column of the interior: NX elements NY + 2 apart */
  MPI_Type_vector(NX, 1, NY + 2, MPI_DOUBLE, &d->column);
  MPI_Type_commit(&d->column);
}

static void exchange_halos(const decomposition_t *d, double *u)
{
  /* rows are contiguous */
  MPI_Sendrecv(&u[IDX(1, 1)], NY, MPI_DOUBLE, d->north, 0, &u[IDX(NX + 1, 1)], NY, MPI_DOUBLE,
               d->south, 0, d->cart, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[IDX(NX, 1)], NY, MPI_DOUBLE, d->south, 1, &u[IDX(0, 1)], NY, MPI_DOUBLE,
               d->north, 1, d->cart, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[IDX(1, 1)], 1, d->column, d->west, 2, &u[IDX(1, NY + 1)], 1, d->column,
               d->east, 2, d->cart, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[IDX(1, NY)], 1, d->column, d->east, 3, &u[IDX(1, 0)], 1, d->column,
               d->west, 3, d->cart, MPI_STATUS_IGNORE);
}

/* Fixed boundary values on the edges of the global domain only. */
static void set_boundaries(const decomposition_t *d, double *u)
{
  if (d->north == MPI_PROC_NULL)
    for (int j = 0; j < NY + 2; j++)
      u[IDX(0, j)] = 1.0;
  if (d->south == MPI_PROC_NULL)
    for (int j = 0; j < NY + 2; j++)
      u[IDX(NX + 1, j)] = 0.0;
  if (d->west == MPI_PROC_NULL)
    for (int i = 0; i < NX + 2; i++)
      u[IDX(i, 0)] = 0.5;
  if (d->east == MPI_PROC_NULL)
    for (int i = 0; i < NX + 2; i++)
      u[IDX(i, NY + 1)] = 0.0;
}

static double sweep(const double *u, double *next)
{
  double local_err = 0.0;
  for (int i = 1; i <= NX; i++)
    for (int j = 1; j <= NY; j++) {
      next[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] +
                                u[IDX(i, j + 1)]);
      double diff = fabs(next[IDX(i, j)] - u[IDX(i, j)]);
      if (diff > local_err)
        local_err = diff;
    }
  return local_err;
}

int main(int argc, char **argv)
{
  decomposition_t d;
  MPI_Init(&argc, &argv);
  decompose(&d);

  const size_t cells = (size_t)(NX + 2) * (NY + 2);
  double *u = calloc(cells, sizeof(double)), *next = calloc(cells, sizeof(double));
  const double tol = 1e-4;
  const int max_iter = 20000;
  double global_err = 1.0;
  int iter = 0;

  set_boundaries(&d, u);
  set_boundaries(&d, next);
  while (global_err > tol && iter < max_iter) {
    exchange_halos(&d, u);
    double local_err = sweep(u, next);
    double *swap = u;
    u = next;
    next = swap;
    MPI_Allreduce(&local_err, &global_err, 1, MPI_DOUBLE, MPI_MAX, d.cart);
    iter++;
    if (d.rank == 0 && iter % 500 == 0)
      printf("iteration %5d  max change %.3e\n", iter, global_err);
  }
  if (global_err > tol) {
    if (d.rank == 0)
      fprintf(stderr, "no convergence after %d iterations\n", iter);
    MPI_Abort(d.cart, 1);
  }

  double local_sum = 0.0;
  for (int i = 1; i <= NX; i++)
    for (int j = 1; j <= NY; j++)
      local_sum += u[IDX(i, j)];
  double *sums = NULL;
  if (d.rank == 0)
    sums = malloc(d.nprocs * sizeof(double));
  MPI_Gather(&local_sum, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, d.cart);
  if (d.rank == 0) {
    double total = 0.0;
    for (int r = 0; r < d.nprocs; r++)
      total += sums[r];
    double mean = total / ((double)NX * NY * d.nprocs);
    printf("grid %dx%d, converged in %d iterations, mean %.6f\n", d.dims[0], d.dims[1], iter,
           mean);
    if (!(mean > 0.0 && mean < 1.0))
      MPI_Abort(d.cart, 2);
    free(sums);
  }
  MPI_Type_free(&d.column);
  MPI_Comm_free(&d.cart);
  free(u);
  free(next);
  MPI_Finalize();
  return 0;
}
