/* Thread levels through calls: the MPI calls of a function count at the
 * word of each call to it (thesis chapter 2 with the summaries of section
 * 5.3).  main requests MPI_THREAD_FUNNELED.
 *  - line 37: every thread calls master_total, whose MPI_Allreduce is in an
 *    orphaned master region: word PM, FUNNELED, allowed.
 *  - line 40: the single's thread calls step, which calls exchange, whose
 *    MPI_Sendrecv then runs on a thread that may not be the main one: word
 *    PS, MPI_THREAD_SERIALIZED needed.  Warned at the call (the chain is
 *    two calls deep, both callees defined after main), with a note at the
 *    single; MPI_Init_thread gets "requests FUNNELED but requires
 *    SERIALIZED".
 *  - line 43: the same call outside any parallel region: SINGLE, allowed.
 * The levels are checked at compile time only: nothing stops the run.
 *
 * description: MPI calls reached through calls inside OpenMP regions set the required level
 * compile-flags: -fopenmp
 * expect-warning: 32 thread-level
 * expect-warning: 40 thread-level
 * expect-run: 2 ok threads=1
 * expect-run: 2 ok threads=2
 * expect-run: 2 ok threads=4
 */
#include <mpi.h>
#include <stdio.h>

static double master_total(double local);
static void step(double *cell);

int main(int argc, char **argv)
{
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  double cell = 1.0;

#pragma omp parallel shared(cell)
  {
    master_total(cell);
#pragma omp barrier
#pragma omp single
    step(&cell);
  }

  step(&cell);
  double total = master_total(cell);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("total %g\n", total);
  MPI_Finalize();
  return 0;
}

static void exchange(double *cell)
{
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double received = 0.0;
  MPI_Sendrecv(cell, 1, MPI_DOUBLE, (rank + 1) % size, 0, &received, 1, MPI_DOUBLE,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  *cell = 0.5 * (*cell + received);
}

static void step(double *cell)
{
  exchange(cell);
}

/* Called by every thread of a team: only its master thread reduces. */
static double master_total(double local)
{
  static double total;
#pragma omp master
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}
