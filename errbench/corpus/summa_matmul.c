/* SUMMA-like dense matrix product C = A B on a two-dimensional process grid
 * with row and column sub-communicators, in the style of ScaLAPACK-like
 * codes.
 *
 * Rank 0 reads the order n and the panel width from the command line
 * (defaults otherwise) and broadcasts them; a bad value ends the job with
 * MPI_Abort.  The grid comes from MPI_Dims_create and MPI_Cart_create, the
 * row and column communicators from MPI_Cart_sub.  Rows of A and C are
 * distributed over the process rows, columns of B and C over the process
 * columns, columns of A and rows of B likewise, by blocks of uneven size.
 * The k loop runs over the global order in panels cut at every block
 * boundary; at each panel the owner column broadcasts its piece of A along
 * its row communicator and the owner row its piece of B along its column
 * communicator (the root is computed from k, the same on every process of
 * those communicators).  The result is checked against the closed form of
 * the entries (MPI_Allreduce of the maximum error), a checksum is reduced
 * to rank 0, and the communicators are freed.
 *
 * Correct program: every process of each sub-communicator runs the same
 * panels; rank-dependent tests only choose who copies data into a panel.
 *
 * description: SUMMA-like matrix product: Cartesian grid, MPI_Cart_sub row/column communicators, broadcasts with computed roots
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grid {
  MPI_Comm cart, row, col; /* row: same process row; col: same process column */
  int dims[2];
  int coords[2];
};

/* Block distribution of n items over parts: first item of block p. */
static int block_start(int n, int parts, int p)
{
  return p * (n / parts) + (p < n % parts ? p : n % parts);
}

static int block_owner(int n, int parts, int k)
{
  int p = 0;
  while (p + 1 < parts && block_start(n, parts, p + 1) <= k)
    p++;
  return p;
}

/* Entries chosen so that every product is exact in double precision. */
static double a_entry(int i, int k) { return 1.0 + ((i + 2 * k) % 7) * 0.25; }
static double b_entry(int k, int j) { return 1.0 - ((3 * k + j) % 5) * 0.125; }

static void setup_grid(struct grid *g)
{
  int nprocs, periods[2] = {0, 0}, keep_row[2] = {0, 1}, keep_col[2] = {1, 0}, rank;

  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  g->dims[0] = g->dims[1] = 0;
  MPI_Dims_create(nprocs, 2, g->dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, g->dims, periods, 0, &g->cart);
  MPI_Comm_rank(g->cart, &rank);
  MPI_Cart_coords(g->cart, rank, 2, g->coords);
  MPI_Cart_sub(g->cart, keep_row, &g->row);
  MPI_Cart_sub(g->cart, keep_col, &g->col);
}

static void free_grid(struct grid *g)
{
  MPI_Comm_free(&g->row);
  MPI_Comm_free(&g->col);
  MPI_Comm_free(&g->cart);
}

/* C += A B with the panels broadcast along the grid. */
static void summa(int n, int width, const struct grid *g, const double *a, const double *b,
                  double *c, int rows, int cols, int acols_first, int brows_first,
                  double *apanel, double *bpanel)
{
  int k = 0, i, j, kk, w;

  while (k < n) {
    int acol_owner = block_owner(n, g->dims[1], k);
    int brow_owner = block_owner(n, g->dims[0], k);
    int end = k + width;

    /* a panel never crosses a block boundary of either distribution */
    if (end > block_start(n, g->dims[1], acol_owner + 1) && acol_owner + 1 < g->dims[1])
      end = block_start(n, g->dims[1], acol_owner + 1);
    if (end > block_start(n, g->dims[0], brow_owner + 1) && brow_owner + 1 < g->dims[0])
      end = block_start(n, g->dims[0], brow_owner + 1);
    if (end > n)
      end = n;
    w = end - k;

    if (g->coords[1] == acol_owner)
      for (i = 0; i < rows; i++)
        for (kk = 0; kk < w; kk++)
          apanel[i * w + kk] = a[i * n + (k - acols_first + kk)];
    MPI_Bcast(apanel, rows * w, MPI_DOUBLE, acol_owner, g->row);

    if (g->coords[0] == brow_owner)
      for (kk = 0; kk < w; kk++)
        memcpy(&bpanel[kk * cols], &b[(k - brows_first + kk) * cols], cols * sizeof *b);
    MPI_Bcast(bpanel, w * cols, MPI_DOUBLE, brow_owner, g->col);

    for (i = 0; i < rows; i++)
      for (kk = 0; kk < w; kk++) {
        double aik = apanel[i * w + kk];
        for (j = 0; j < cols; j++)
          c[i * cols + j] += aik * bpanel[kk * cols + j];
      }
    k = end;
  }
}

int main(int argc, char **argv)
{
  struct grid g;
  int rank, params[2], n, width;
  int row0, rows, col0, cols, acol0, acols, brow0, brows, i, j, k;
  double *a, *b, *c, *apanel, *bpanel, local_err = 0.0, err, local_sum = 0.0, sum = 0.0;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  if (rank == 0) {
    params[0] = argc > 1 ? atoi(argv[1]) : 120;
    params[1] = argc > 2 ? atoi(argv[2]) : 16;
    if (params[0] < 1 || params[1] < 1) {
      fprintf(stderr, "summa_matmul: order and panel width must be positive\n");
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  MPI_Bcast(params, 2, MPI_INT, 0, MPI_COMM_WORLD);
  n = params[0];
  width = params[1];

  setup_grid(&g);
  /* C rows over process rows, C columns over process columns */
  row0 = block_start(n, g.dims[0], g.coords[0]);
  rows = block_start(n, g.dims[0], g.coords[0] + 1) - row0;
  col0 = block_start(n, g.dims[1], g.coords[1]);
  cols = block_start(n, g.dims[1], g.coords[1] + 1) - col0;
  /* A: my rows, my block of columns; B: my block of rows, my columns */
  acol0 = col0;
  acols = cols;
  brow0 = row0;
  brows = rows;

  a = malloc((size_t)(rows > 0 ? rows : 1) * n * sizeof *a);
  b = malloc((size_t)(brows > 0 ? brows : 1) * (cols > 0 ? cols : 1) * sizeof *b);
  c = calloc((size_t)(rows > 0 ? rows : 1) * (cols > 0 ? cols : 1), sizeof *c);
  apanel = malloc((size_t)(rows > 0 ? rows : 1) * width * sizeof *apanel);
  bpanel = malloc((size_t)width * (cols > 0 ? cols : 1) * sizeof *bpanel);
  if (!a || !b || !c || !apanel || !bpanel) {
    fprintf(stderr, "summa_matmul: rank %d: out of memory\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  /* a is stored with row stride n, only the owned columns are set */
  for (i = 0; i < rows; i++)
    for (k = 0; k < acols; k++)
      a[i * n + k] = a_entry(row0 + i, acol0 + k);
  for (k = 0; k < brows; k++)
    for (j = 0; j < cols; j++)
      b[k * cols + j] = b_entry(brow0 + k, col0 + j);

  summa(n, width, &g, a, b, c, rows, cols, acol0, brow0, apanel, bpanel);

  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      double exact = 0.0;
      for (k = 0; k < n; k++)
        exact += a_entry(row0 + i, k) * b_entry(k, col0 + j);
      if (fabs(c[i * cols + j] - exact) > local_err)
        local_err = fabs(c[i * cols + j] - exact);
      local_sum += c[i * cols + j];
    }
  MPI_Allreduce(&local_err, &err, 1, MPI_DOUBLE, MPI_MAX, g.cart);
  MPI_Reduce(&local_sum, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, g.cart);

  if (rank == 0) {
    printf(" SUMMA n=%d panel=%d grid %d x %d\n", n, width, g.dims[0], g.dims[1]);
    printf(" checksum %.10e, max error %.3e: %s\n", sum, err,
           err < 1e-9 ? "SUCCESSFUL" : "FAILED");
  }

  free(a);
  free(b);
  free(c);
  free(apanel);
  free(bpanel);
  free_grid(&g);
  MPI_Finalize();
  return err < 1e-9 ? 0 : 1;
}
