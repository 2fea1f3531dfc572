/* Rows of processes solving their own systems (C, pure MPI): the world is
 * split into rows of two processes (MPI_Comm_split), each row's state is a
 * struct (row communicator, rank, size) passed by pointer to set-up and
 * solver functions, and the row's residual is reduced by a helper,
 * row_dot(), on `r->comm'.  Each row converges after its own number of
 * sweeps: the loop exit is the same on every member of the row, and every
 * collective in the loop is on that row's communicator (the helper's
 * MPI_Allreduce, an MPI_Bcast from the row's first process).  The world
 * meets again after the loop (MPI_Allreduce of the sweep counts).
 * Nothing to warn, nothing to stop.
 *
 * description: rows by MPI_Comm_split in a struct passed by pointer, helper reducing on r->comm, loop exit on its result, row collectives only inside the loop, world reduction after it
 * expect-run: 2 ok
 * expect-run: 3 ok
 * expect-run: 4 ok
 */
#include <mpi.h>
#include <stdio.h>

#define N 16

typedef struct {
  MPI_Comm comm;
  int rank, size, row;
} row_t;

static void row_setup(row_t *r)
{
  int world_rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  r->row = world_rank / 2;
  MPI_Comm_split(MPI_COMM_WORLD, r->row, world_rank, &r->comm);
  MPI_Comm_rank(r->comm, &r->rank);
  MPI_Comm_size(r->comm, &r->size);
}

/* The dot product of the row's distributed vectors.  */
static double row_dot(const row_t *r, const double *x, const double *y)
{
  double local = 0.0, global = 0.0;
  for (int i = 0; i < N; i++)
    local += x[i] * y[i];
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, r->comm);
  return global;
}

/* Damped iterations x <- x + 0.5 (b - x) until the row's residual is
   small; the damping is chosen by the row's first process.  */
static int row_solve(const row_t *r, double *x, const double *b, double tol)
{
  double res[N], damping = 0.0;
  int sweeps = 0;
  for (;;) {
    for (int i = 0; i < N; i++)
      res[i] = b[i] - x[i];
    if (row_dot(r, res, res) < tol * tol)
      break;
    if (r->rank == 0)
      damping = 0.5;
    MPI_Bcast(&damping, 1, MPI_DOUBLE, 0, r->comm);
    for (int i = 0; i < N; i++)
      x[i] += damping * res[i];
    sweeps++;
  }
  return sweeps;
}

int main(int argc, char **argv)
{
  row_t r;
  double x[N] = {0.0}, b[N];
  int sweeps, most = 0;

  MPI_Init(&argc, &argv);
  row_setup(&r);
  /* Rows further down have larger right-hand sides: more sweeps.  */
  for (int i = 0; i < N; i++)
    b[i] = (1 << (2 * r.row)) * (1.0 + i % 3);
  sweeps = row_solve(&r, x, b, 1e-6);
  MPI_Allreduce(&sweeps, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (r.row == 0 && r.rank == 0)
    printf("row 0: %d sweeps, most %d\n", sweeps, most);
  MPI_Comm_free(&r.comm);
  MPI_Finalize();
  return sweeps > 0 && most >= sweeps ? 0 : 1;
}
