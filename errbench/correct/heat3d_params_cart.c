/* A 3-D heat mini-app (pure MPI, C) in the common shape: rank 0 fills a
 * parameter struct (defaults, then `key=value' arguments) and broadcasts
 * it whole as bytes (`MPI_Bcast(&params, sizeof params, MPI_BYTE, ...)');
 * main builds the process grid itself (MPI_Dims_create, MPI_Cart_create,
 * MPI_Cart_shift in three directions), packs faces into buffers for
 * MPI_Sendrecv (insulated outer faces: the ghost copies the cell), and
 * every few steps leaves the time loop when the change every process got
 * from MPI_Allreduce on the grid is small.  Heat is conserved: every
 * process checks the total after the loop.  Nothing to warn, nothing to
 * stop.
 *
 * description: 3-D heat: parameter struct broadcast as MPI_BYTE, MPI_Cart_create and Cart_shift in main, packed face halos, break out of the time loop on an Allreduce over the grid, conservation check
 * link-flags: -lm
 * expect-run: 2 ok
 * expect-run: 1 ok
 * expect-run-args: instrument=all
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n;             /* local cells per direction */
  int max_steps;
  int check_every;
  double alpha;      /* diffusion number, below 1/6 */
  double tolerance;
} params_t;

#define N 8
#define AT(u, i, j, k) (u)[((i) * (N + 2) + (j)) * (N + 2) + (k)]

static void parse_arguments(params_t *p, int argc, char **argv)
{
  p->n = N;
  p->max_steps = 400;
  p->check_every = 10;
  p->alpha = 0.12;
  p->tolerance = 5e-4;
  for (int a = 1; a < argc; a++) {
    if (strncmp(argv[a], "steps=", 6) == 0)
      p->max_steps = atoi(argv[a] + 6);
    else if (strncmp(argv[a], "alpha=", 6) == 0)
      p->alpha = atof(argv[a] + 6);
    else if (strncmp(argv[a], "tol=", 4) == 0)
      p->tolerance = atof(argv[a] + 4);
  }
}

/* Face `side' (0: low, 1: high) of direction `dim' to or from a buffer. */
static void face(double *u, int dim, int side, double *buffer, int unpack, int ghost)
{
  int plane = side == 0 ? (ghost ? 0 : 1) : (ghost ? N + 1 : N);
  int m = 0;
  for (int a = 1; a <= N; a++)
    for (int b = 1; b <= N; b++) {
      double *cell = dim == 0 ? &AT(u, plane, a, b) : dim == 1 ? &AT(u, a, plane, b)
                                                                : &AT(u, a, b, plane);
      if (unpack)
        *cell = buffer[m++];
      else
        buffer[m++] = *cell;
    }
}

static void exchange(MPI_Comm grid, const int neighbour[3][2], double *u, double *send,
                     double *recv)
{
  for (int dim = 0; dim < 3; dim++)
    for (int side = 0; side < 2; side++) {
      int to = neighbour[dim][side], from = neighbour[dim][1 - side];
      face(u, dim, side, send, 0, 0);
      MPI_Sendrecv(send, N * N, MPI_DOUBLE, to, dim * 2 + side, recv, N * N, MPI_DOUBLE, from,
                   dim * 2 + side, grid, MPI_STATUS_IGNORE);
      /* insulated outer face: the ghost copies the cell beside it */
      if (from == MPI_PROC_NULL)
        face(u, dim, 1 - side, recv, 0, 0);
      face(u, dim, 1 - side, recv, 1, 1);
    }
}

int main(int argc, char **argv)
{
  int rank, size;
  params_t params;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0)
    parse_arguments(&params, argc, argv);
  MPI_Bcast(&params, sizeof params, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (params.n != N || params.alpha <= 0.0 || params.alpha >= 1.0 / 6.0) {
    if (rank == 0)
      fprintf(stderr, "unsupported parameters\n");
    MPI_Finalize();
    return 1;
  }

  int dims[3] = {0, 0, 0}, periods[3] = {0, 0, 0}, neighbour[3][2];
  MPI_Comm grid;
  MPI_Dims_create(size, 3, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 1, &grid);
  int grid_rank, coords[3];
  MPI_Comm_rank(grid, &grid_rank);
  MPI_Cart_coords(grid, grid_rank, 3, coords);
  for (int dim = 0; dim < 3; dim++)
    MPI_Cart_shift(grid, dim, 1, &neighbour[dim][0], &neighbour[dim][1]);

  const size_t cells = (size_t)(N + 2) * (N + 2) * (N + 2);
  double *u = calloc(cells, sizeof(double)), *next = calloc(cells, sizeof(double));
  double *send = malloc(N * N * sizeof(double)), *recv = malloc(N * N * sizeof(double));
  double local_heat = 0.0, initial_heat, heat;
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= N; j++)
      for (int k = 1; k <= N; k++) {
        AT(u, i, j, k) = (coords[0] == 0 && i <= N / 2) ? 1.0 + 0.01 * (j + k) : 0.0;
        local_heat += AT(u, i, j, k);
      }
  MPI_Allreduce(&local_heat, &initial_heat, 1, MPI_DOUBLE, MPI_SUM, grid);

  int step;
  double change = 0.0;
  for (step = 1; step <= params.max_steps; step++) {
    exchange(grid, (const int(*)[2])neighbour, u, send, recv);
    double local_change = 0.0;
    for (int i = 1; i <= N; i++)
      for (int j = 1; j <= N; j++)
        for (int k = 1; k <= N; k++) {
          double laplacian = AT(u, i - 1, j, k) + AT(u, i + 1, j, k) + AT(u, i, j - 1, k) +
                             AT(u, i, j + 1, k) + AT(u, i, j, k - 1) + AT(u, i, j, k + 1) -
                             6.0 * AT(u, i, j, k);
          AT(next, i, j, k) = AT(u, i, j, k) + params.alpha * laplacian;
          local_change = fmax(local_change, fabs(params.alpha * laplacian));
        }
    double *swap = u;
    u = next;
    next = swap;
    if (step % params.check_every == 0) {
      MPI_Allreduce(&local_change, &change, 1, MPI_DOUBLE, MPI_MAX, grid);
      if (change < params.tolerance)
        break;
    }
  }

  local_heat = 0.0;
  for (int i = 1; i <= N; i++)
    for (int j = 1; j <= N; j++)
      for (int k = 1; k <= N; k++)
        local_heat += AT(u, i, j, k);
  MPI_Allreduce(&local_heat, &heat, 1, MPI_DOUBLE, MPI_SUM, grid);
  if (fabs(heat - initial_heat) > 1e-9 * initial_heat) {
    fprintf(stderr, "rank %d: heat %.12f, initially %.12f\n", grid_rank, heat, initial_heat);
    MPI_Abort(grid, 2);
  }
  if (grid_rank == 0)
    printf("grid %dx%dx%d: %d steps, last change %.3e, heat %.6f conserved\n", dims[0], dims[1],
           dims[2], step > params.max_steps ? params.max_steps : step, change, heat);
  free(u); free(next); free(send); free(recv);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
