/* Loops after a nonblocking call, in the shapes the versioning of
   hoisted buffer checks (gimple/buffer_checks.cc) reads, rejects or
   copies: counted loops up and down, unsigned and long indices, strides,
   struct members, two-dimensional and variable-length arrays, pointers
   moved in the loop, continue, break, goto into the body, a switch, a
   loop ending in the header, nested loops, an induction variable whose
   address is taken, a bound changed in the loop, a volatile access, an
   empty body.  Compiled only (no run): no internal compiler error.  */
#include <mpi.h>
#include <stddef.h>

struct cell
{
  double value[4];
  int flags;
};

static double grid[16][16];
static struct cell cells[32];
volatile double sink;

static void
use (int *p)
{
  (void) p;
}

double
buffer_loops (double *a, unsigned n, long m, int k, MPI_Request *r)
{
  double total = 0, vla[k > 0 && k < 64 ? k : 1];
  unsigned u;
  long l;
  int i, j, t;
  double *p;

  MPI_Irecv (a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, r);
  for (i = 0; i < k; i++)
    total += a[i];
  for (i = k; i > 0; i -= 3)
    a[i] = total;
  for (u = 1; u < n; u++)
    total += a[u] * a[u - 1];
  for (u = n; u > 2; u--)
    a[u] = 0;
  for (u = 0; u <= n; u++)
    total += a[u];
  for (l = m; l >= -m; l--)
    total += a[l + m];
  for (l = 0; l < m; l += 4)
    a[2 * l + 1] = a[l];
  for (i = 0; i < 32; i++)
    total += cells[i].value[i & 3] + cells[i].value[2] + cells[i].flags;
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      grid[i][j] += grid[j][i];
  for (i = 0; i < (k > 0 && k < 64 ? k : 1); i++)
    vla[i] = a[i];
  for (p = a, i = 0; i < k; i++, p++)
    total += *p;
  for (i = 0; i < k; i++)
    {
      if (a[i] < 0)
        continue;
      if (a[i] > 100)
        break;
      total += a[i + 1];
    }
  i = 0;
  if (k > 3)
    goto inside;
  for (; i < k; i++)
    {
    inside:
      total += a[i];
    }
  for (i = 0; i < k; i++)
    switch (i & 3)
      {
      case 0: total += a[i]; break;
      case 1: a[i] = total; break;
      default: break;
      }
  i = 0;
  do
    total += a[i++];
  while (i < k);
  for (t = 0; t < k; t++)
    use (&t);
  for (i = 0; i < k; i++, k--)
    total += a[i];
  for (i = 0; i < k; i++)
    sink = a[i];
  for (i = 0; i < k; i++)
    ;
  for (i = 0; i != k; i++)
    total += a[i];
  return total + vla[0];
}
