/* Hybrid MPI+OpenMP 2-D Jacobi (C) with MPI_THREAD_FUNNELED in the style
 * of hybrid mini-apps: one parallel region around the whole iteration
 * loop; the halo exchange and the residual reduction are done by the
 * master thread inside `#pragma omp master' followed by an explicit
 * `#pragma omp barrier' (master has no implied barrier); the partial
 * residuals of the threads are summed with `omp for reduction' into a
 * shared sum the master zeroes before the barrier, the
 * global residual is put in a shared variable by the master and read by
 * every thread after the barrier to leave the loop together.  The
 * provided level is checked against FUNNELED right after MPI_Init_thread
 * (MPI_Abort otherwise).  Rank 0 prints the timings reduced with
 * MPI_Reduce(MAX).  Nothing to warn, nothing to stop.
 *
 * description: hybrid FUNNELED Jacobi: whole loop in one parallel region, omp master halo Sendrecv + Allreduce then omp barrier, omp for reduction, shared converged flag read after the barrier
 * compile-flags: -fopenmp
 * link-flags: -lm
 * expect-run: 2 ok threads=2
 * expect-run: 4 ok threads=2
 * expect-run: 2 ok threads=1
 */
#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 32
#define NY_LOCAL 8
#define MAXIT 60
#define TOL 2e-2

static double u[NY_LOCAL + 2][NX], unew[NY_LOCAL + 2][NX];

int main(int argc, char **argv)
{
  int provided, rank, nprocs;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) {
    fprintf(stderr, "MPI does not provide FUNNELED\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int down = rank < nprocs - 1 ? rank + 1 : MPI_PROC_NULL;

  for (int j = 0; j < NY_LOCAL + 2; j++)
    for (int i = 0; i < NX; i++)
      u[j][i] = unew[j][i] = 0.0;
  if (rank == 0)
    for (int i = 0; i < NX; i++)
      u[0][i] = unew[0][i] = 1.0; /* hot top wall */

  double gres = 1.0, lres = 0.0;
  int iter = 0;
  double t0 = MPI_Wtime();

#pragma omp parallel default(shared)
  {
    while (gres > TOL && iter < MAXIT) {
#pragma omp master
      {
        MPI_Sendrecv(u[1], NX, MPI_DOUBLE, up, 0, u[NY_LOCAL + 1], NX,
                     MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(u[NY_LOCAL], NX, MPI_DOUBLE, down, 1, u[0], NX,
                     MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        lres = 0.0;
      }
#pragma omp barrier

#pragma omp for reduction(+ : lres)
      for (int j = 1; j <= NY_LOCAL; j++)
        for (int i = 1; i < NX - 1; i++) {
          unew[j][i] =
              0.25 * (u[j - 1][i] + u[j + 1][i] + u[j][i - 1] + u[j][i + 1]);
          lres += (unew[j][i] - u[j][i]) * (unew[j][i] - u[j][i]);
        }
      /* implied barrier of omp for: lres is complete */

#pragma omp for
      for (int j = 1; j <= NY_LOCAL; j++)
        for (int i = 1; i < NX - 1; i++)
          u[j][i] = unew[j][i];

#pragma omp master
      {
        double g;
        MPI_Allreduce(&lres, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        gres = sqrt(g);
        iter++;
      }
#pragma omp barrier
    }
  }

  double t = MPI_Wtime() - t0, tmax;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("Jacobi: %d iterations, residual %.3e, %d threads, %.3f s\n", iter,
           gres, omp_get_max_threads(), tmax);
  MPI_Finalize();
  return 0;
}
