/* A C hybrid mini-app organised the way many codes are: the problem
 * parameters are globals of the file (not static: other files of a real
 * code read them), set by rank 0 from argv or defaults in setup() and
 * broadcast there; a 1-D heat solver runs a parallel region per time
 * step (FUNNELED): `omp for' reductions, the halo exchange in `omp
 * master', the residual reduced across processes into a global inside
 * `omp masked'; the time loop leaves on that global after the region.  A
 * checkpoint writer runs on rank 0 only and touches no parameter.
 * Nothing to warn, nothing to stop.
 *
 * description: C hybrid mini-app: public globals set by rank 0 and broadcast in setup(), masked MPI_Allreduce into a global, time loop exits on it after the region
 * compile-flags: -fopenmp
 * requires-gcc: 12
 * expect-run: 2 ok threads=2 repeat=2
 * expect-run: 3 ok threads=2
 * expect-run: 1 ok threads=2
 * expect-run-args: instrument=all
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int nglobal = 240, max_steps = 40;
double tolerance = 2.0;
double global_residual;
int rank, nprocs;

static double *u, *un;
static int nlocal, left, right;

void setup(int argc, char **argv) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (rank == 0 && argc > 1)
    max_steps = atoi(argv[1]);
  if (rank == 0 && argc > 2)
    tolerance = atof(argv[2]);
  MPI_Bcast(&max_steps, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&tolerance, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Bcast(&nglobal, 1, MPI_INT, 0, MPI_COMM_WORLD);
  nlocal = nglobal / nprocs;
  left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  right = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;
  u = calloc(nlocal + 2, sizeof(double));
  un = calloc(nlocal + 2, sizeof(double));
  if (rank == 0)
    u[1] = 100.0;
}

static void halo(void) {
  MPI_Sendrecv(&u[nlocal], 1, MPI_DOUBLE, right, 7, &u[0], 1, MPI_DOUBLE, left, 7,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 8, &u[nlocal + 1], 1, MPI_DOUBLE, right, 8,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void checkpoint(int step) {
  printf("step %d residual %g\n", step, global_residual);
}

int run(void) {
  int step;
  for (step = 1; step <= max_steps; step++) {
    double local = 0.0;
#pragma omp parallel
    {
#pragma omp master
      halo();
#pragma omp barrier
#pragma omp for reduction(max : local)
      for (int i = 1; i <= nlocal; i++) {
        un[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        double d = un[i] > u[i] ? un[i] - u[i] : u[i] - un[i];
        if (d > local)
          local = d;
      }
#pragma omp for
      for (int i = 1; i <= nlocal; i++)
        u[i] = un[i];
#pragma omp masked
      MPI_Allreduce(&local, &global_residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    if (rank == 0 && step % 10 == 0)
      checkpoint(step);
    if (global_residual < tolerance)
      break;
  }
  return step;
}

int main(int argc, char **argv) {
  int provided, steps;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    MPI_Abort(MPI_COMM_WORLD, 1);
  setup(argc, argv);
  steps = run();
  double heat = 0.0, total;
  for (int i = 1; i <= nlocal; i++)
    heat += u[i];
  MPI_Reduce(&heat, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("steps %d heat %.4f\n", steps, total);
  free(u);
  free(un);
  MPI_Finalize();
  return 0;
}
