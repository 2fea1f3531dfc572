/* Robustness: MPI+OpenMP shapes the unit step follows through calls
 * (levels through calls, barriers in callees, orphaned regions of
 * functions a team calls, tasks and taskwait): recursion through parallel
 * regions, mutual recursion with orphaned barriers, calls through
 * pointers, a function that never returns, masked, taskwait in loops,
 * taskgroup, and a callee defined after its caller.  Compiled only. */
#include <mpi.h>
#include <stdlib.h>

static void deep(int n);
static void ping(int n);
static void pong(int n);
static void (*hook)(int) = ping;

/* Recursion through nested parallel regions: words grow without bound. */
static void deep(int n)
{
  if (n <= 0)
    return;
#pragma omp parallel
  {
#pragma omp single
    {
      MPI_Barrier(MPI_COMM_WORLD);
      deep(n - 1);
    }
  }
}

/* Mutual recursion, each with an orphaned barrier on one path. */
static void ping(int n)
{
  if (n > 0) {
#pragma omp barrier
    pong(n - 1);
  }
}

static void pong(int n)
{
  if (n & 1)
    ping(n - 1);
#pragma omp single nowait
  MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

static void never_returns(void)
{
  for (;;) {
#pragma omp barrier
  }
}

static void stop_here(void)
{
#pragma omp single
  MPI_Abort(MPI_COMM_WORLD, 1);
  abort();
}

void hybrid_shapes(int n, int *values)
{
#pragma omp parallel
  {
#pragma omp master
    MPI_Allreduce(MPI_IN_PLACE, values, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    ping(n);
    hook(n);
#pragma omp masked filter(n & 1)
    MPI_Barrier(MPI_COMM_WORLD);
    for (int i = 0; i < n; i++) {
#pragma omp single nowait
      {
#pragma omp task
        MPI_Bcast(values, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (i & 1) {
#pragma omp taskwait
        }
#pragma omp taskgroup
        {
#pragma omp task
          MPI_Reduce(values, values + 1, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        }
      }
    }
    if (n < 0)
      never_returns();
    if (n > 100)
      stop_here();
    pong(n);
  }
  deep(n);
}
